// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type * as PodcastSearchText from './t-podcast-search-text.ts';
import { podcastSearch, podcastSearchResponse } from '../lookups/t-podcast-search.ts';
import { podcastSearchDemo } from './t-podcast-search.ts';
import { GENRES, HOSTILE_IMG, HOSTILE_LINK, HOSTILE_SCRIPT, podcastCorpus } from './t-podcast-search-corpus.ts';
import { highlight, queryTerms, snippet, termForms } from './t-podcast-search-text.ts';
import { artworkSvg, podcastArtwork, titleInitials } from './t-podcast-search-artwork.ts';
import { demoAsker } from './testing/ask-demo.ts';

// Every result built highlights its titles and description: counting calls to the real highlight
// measures how many results a search builds, without a clock.
vi.mock('./t-podcast-search-text.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof PodcastSearchText>();
  return { ...actual, highlight: vi.fn(actual.highlight) };
});

const operation = podcastSearch.operations[0];
type Result = {
  id: string;
  title_original: string;
  title_highlighted: string;
  description_original: string;
  description_highlighted: string;
  pub_date_ms: number;
  audio_length_sec: number;
  transcripts_highlighted: string[];
  podcast: Record<string, unknown>;
  [key: string]: unknown;
};
type Body = { took: number; count: number; total: number; next_offset: number; results: Result[] };

const ask = demoAsker(podcastSearchDemo, podcastSearch);

function search(input: Record<string, string>): Body {
  const response = ask(input);
  expect(response.status).toBe(200);
  expect(podcastSearchResponse.safeParse(response.body).success).toBe(true);
  return response.body as Body;
}

const ids = (body: Body) => body.results.map((result) => result.id);
const plain = (html: string) => html.replace(/<[^>]*>/g, ' ').toLowerCase();

describe('T demo', () => {
  it('holds a corpus of some thousands of episodes, podcasts and curated lists', () => {
    const corpus = podcastCorpus();
    expect(corpus.episodes.length).toBeGreaterThan(2000);
    expect(corpus.podcasts.length).toBeGreaterThan(100);
    expect(corpus.curated.length).toBeGreaterThan(20);
  });

  it('answers the example with results the records adapter finds', () => {
    const body = ask(operation.example, { requestId: 'r' }).body;
    expect(podcastSearchResponse.safeParse(body).success).toBe(true);
    expect(operation.adapters.records(body)).toHaveLength(10);
  });

  it('finds episodes holding every term and highlights them', () => {
    const body = search({ q: 'climate policy' });
    expect(body.total).toBeGreaterThan(10);
    for (const result of body.results) {
      const text =
        `${result.title_original} ${plain(result.description_original)} ${String(result.podcast.publisher_original)}`.toLowerCase();
      expect(text).toContain('climate');
      expect(text).toContain('policy');
    }
    expect(body.results[0]!.title_highlighted).toMatch(/<span class="highlight">climate<\/span>/i);
    expect(search({ q: 'zzzqqq' })).toMatchObject({ count: 0, total: 0, results: [] });
  });

  it('restricts the searched fields with only_in', () => {
    const everywhere = search({ q: 'climate' }).total;
    const titles = search({ q: 'climate', only_in: 'title' });
    expect(titles.total).toBeLessThan(everywhere);
    for (const result of titles.results) expect(result.title_original.toLowerCase()).toContain('climate');
    const audio = search({ q: 'welcome', only_in: 'audio' });
    expect(audio.total).toBeGreaterThan(0);
    for (const result of audio.results) expect(result.transcripts_highlighted[0]).toContain('<span class="highlight">Welcome</span>');
    expect(search({ q: 'welcome', only_in: 'title' }).total).toBe(0);
  });

  it('pages by ten with offset and next_offset, without overlap', () => {
    const first = search({ q: 'climate' });
    const second = search({ q: 'climate', offset: '10' });
    expect(first).toMatchObject({ count: 10, next_offset: 10 });
    expect(second).toMatchObject({ count: 10, next_offset: 20, total: first.total });
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    const last = search({ q: 'climate', offset: String(first.total - 3) });
    expect(last.count).toBe(3);
    expect(search({ q: 'climate', offset: '100000' })).toMatchObject({ count: 0, total: first.total });
  });

  it('sorts by relevance by default and by date, newest first, with sort_by_date=1', () => {
    const byDate = search({ q: 'climate', sort_by_date: '1' }).results.map((result) => result.pub_date_ms);
    expect(byDate).toEqual([...byDate].sort((a, b) => b - a));
    expect(ids(search({ q: 'climate', sort_by_date: '0' }))).not.toEqual(ids(search({ q: 'climate', sort_by_date: '1' })));
    const relevant = search({ q: 'climate' }).results[0]!;
    expect(relevant.title_original.toLowerCase()).toContain('climate');
  });

  it('bounds the audio length in minutes', () => {
    const body = search({ q: 'the', len_min: '30', len_max: '45', offset: '0' });
    expect(body.total).toBeGreaterThan(0);
    expect(body.total).toBeLessThan(search({ q: 'the' }).total);
    for (const result of body.results) expect(result.audio_length_sec / 60).toBeGreaterThanOrEqual(30);
    for (const result of body.results) expect(result.audio_length_sec / 60).toBeLessThanOrEqual(45);
  });

  it('filters by published_after and published_before (epoch ms)', () => {
    const after = Date.UTC(2024, 0, 1);
    const before = Date.UTC(2024, 6, 1);
    const body = search({ q: 'the', published_after: String(after), published_before: String(before), sort_by_date: '1' });
    expect(body.total).toBeGreaterThan(0);
    for (const result of body.results) expect(result.pub_date_ms > after && result.pub_date_ms < before).toBe(true);
  });

  it('filters by genre ids and by language', () => {
    const history = search({ q: 'the', genre_ids: '125' });
    expect(history.total).toBeGreaterThan(0);
    for (const result of history.results) expect(result.podcast.genre_ids).toContain(125);
    const spanish = search({ q: 'the', language: 'spanish' });
    expect(spanish.total).toBeGreaterThan(0);
    for (const result of spanish.results) expect(result.podcast.language).toBe('Spanish');
    expect(search({ q: 'the', language: 'Any language' }).total).toBe(search({ q: 'the' }).total);
    expect(Object.keys(GENRES)).toContain('125');
  });

  it('searches podcasts with episode count and update frequency bounds', () => {
    const podcasts = search({ q: 'the', type: 'podcast' });
    expect(podcasts.total).toBeGreaterThan(10);
    const weekly = search({
      q: 'the',
      type: 'podcast',
      update_freq_min: '140',
      update_freq_max: '200',
      episode_count_min: '50',
      episode_count_max: '400',
    });
    expect(weekly.total).toBeGreaterThan(0);
    expect(weekly.total).toBeLessThan(podcasts.total);
    for (const result of weekly.results) {
      expect(result.podcast.update_frequency_hours).toBeGreaterThanOrEqual(140);
      expect(result.podcast.update_frequency_hours).toBeLessThanOrEqual(200);
      expect(result.podcast.total_episodes).toBeGreaterThanOrEqual(50);
      expect(result.podcast.total_episodes).toBeLessThanOrEqual(400);
    }
  });

  it('searches curated lists, each with its podcasts', () => {
    const lists = search({ q: 'podcasts', type: 'curated' });
    expect(lists.total).toBeGreaterThan(0);
    for (const result of lists.results) expect((result.podcasts as unknown[]).length).toBeGreaterThanOrEqual(3);
  });

  // Hostile HTML on purpose: the viewer must sanitise description_* and *_highlighted before showing them.
  it("serves the planted hostile HTML untouched, so the viewer's sanitising can be tested", () => {
    const episodes = search({ q: 'security', only_in: 'title,description' })
      .results.map((result) => result.description_highlighted)
      .join('\n');
    expect(episodes).toContain(HOSTILE_IMG);
    expect(episodes).toContain(HOSTILE_SCRIPT);
    const podcasts = search({ q: 'security', type: 'podcast' })
      .results.map((result) => result.description_original)
      .join('\n');
    expect(podcasts).toContain(HOSTILE_LINK);
  });

  // What people type first into a podcast search: each finds realistic episodes and podcasts.
  for (const word of ['bitcoin', 'music', 'politics', 'movies', 'jazz', 'football', 'cooking', 'elections', 'investing']) {
    it(`finds episodes and podcasts for the everyday word "${word}"`, () => {
      const episodes = search({ q: word });
      expect(episodes.count).toBeGreaterThan(0);
      expect(episodes.total).toBeGreaterThanOrEqual(10);
      const stem = termForms(word)[1] ?? word;
      for (const result of episodes.results) {
        const text =
          `${result.title_original} ${plain(result.description_original)} ${String(result.podcast.publisher_original)}`.toLowerCase();
        expect(text).toMatch(new RegExp(`(^|[^a-z])${stem}`));
      }
      expect(episodes.results[0]!.title_highlighted + episodes.results[0]!.description_highlighted).toMatch(
        new RegExp(`<span class="highlight">${stem}`, 'i'),
      );
      expect(search({ q: word, type: 'podcast' }).total).toBeGreaterThan(0);
    });
  }

  it('finds the Music, Government and Investing shows by genre name, and curated lists for "music"', () => {
    expect(GENRES[134]!.name).toBe('Music');
    for (const result of search({ q: 'music', type: 'podcast', genre_ids: '134' }).results) expect(result.podcast.genre_ids).toContain(134);
    expect(search({ q: 'government', type: 'podcast' }).total).toBeGreaterThan(3);
    expect(search({ q: 'investing' }).total).toBeGreaterThan(10);
    expect(search({ q: 'music', type: 'curated' }).total).toBeGreaterThan(0);
  });

  it('still honours every filter for a common word: dates, length, language, genre and sort order', () => {
    const all = search({ q: 'bitcoin' }).total;
    const after = Date.UTC(2024, 0, 1);
    const before = Date.UTC(2025, 0, 1);
    const dated = search({ q: 'bitcoin', published_after: String(after), published_before: String(before), sort_by_date: '1' });
    expect(dated.total).toBeGreaterThan(0);
    expect(dated.total).toBeLessThan(all);
    for (const result of dated.results) expect(result.pub_date_ms > after && result.pub_date_ms < before).toBe(true);
    const dates = dated.results.map((result) => result.pub_date_ms);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const short = search({ q: 'politics', len_max: '30' });
    expect(short.total).toBeLessThan(search({ q: 'politics' }).total);
    for (const result of short.results) expect(result.audio_length_sec / 60).toBeLessThanOrEqual(30);
    const english = search({ q: 'music', language: 'English' });
    expect(english.total).toBeGreaterThan(0);
    for (const result of english.results) expect(result.podcast.language).toBe('English');
    const investing = search({ q: 'bitcoin', genre_ids: '98' });
    expect(investing.total).toBeGreaterThan(0);
    for (const result of investing.results) expect(result.podcast.genre_ids).toContain(98);
    expect(search({ q: 'bitcoin', published_after: String(Date.UTC(2030, 0, 1)) }).total).toBe(0);
  });

  it('is deterministic: the same request gives the same bytes', () => {
    const input = { q: 'history', type: 'episode', sort_by_date: '1', offset: '10' };
    expect(JSON.stringify(search(input))).toBe(JSON.stringify(search(input)));
  });

  it('builds only the page it sends of a search matching nearly every episode', () => {
    const highlights = (input: Record<string, string>) => {
      vi.mocked(highlight).mockClear();
      const body = search(input);
      return { body, calls: vi.mocked(highlight).mock.calls.length };
    };
    const first = highlights({ q: 'e', sort_by_date: '1' });
    const far = highlights({ q: 'e', sort_by_date: '1', offset: '2000' });
    expect(first.body.total).toBeGreaterThan(podcastCorpus().episodes.length * 0.9);
    expect(far.body.results).toHaveLength(10);
    expect(ids(far.body)).not.toEqual(ids(first.body));
    // Ten results each time, however deep the page: the matches before it are scored and sorted, never built.
    expect(first.calls).toBeGreaterThan(0);
    expect(far.calls).toBe(first.calls);
    expect(first.calls).toBeLessThan(first.body.total / 10);
  });
});

describe('T demo text helpers', () => {
  it('splits queries into unique lowercase words', () => {
    expect(queryTerms('Climate  change, CLIMATE!')).toEqual(['climate', 'change']);
  });

  it('matches plurals of five letters or more by their stem too', () => {
    expect(termForms('politics')).toEqual(['politics', 'politic']);
    expect(termForms('movies')).toEqual(['movies', 'movie', 'movy']);
    expect(termForms('stories')).toEqual(['stories', 'storie', 'story']);
    expect(termForms('news')).toEqual(['news']);
    expect(termForms('business')).toEqual(['business']);
    expect(highlight('Political talk', ['politics'])).toBe('<span class="highlight">Politic</span>al talk');
  });

  it('highlights word prefixes in text but never inside tags or entities', () => {
    expect(highlight('<p class="amp">Amp &amp; amplifiers</p>', ['amp'])).toBe(
      '<p class="amp"><span class="highlight">Amp</span> &amp; <span class="highlight">amp</span>lifiers</p>',
    );
    expect(highlight('example', ['amp'])).toBe('example');
  });

  it('cuts an escaped, highlighted snippet around the first match', () => {
    const text = `${'x '.repeat(100)}we talk <about> climate today ${'y '.repeat(100)}`;
    const result = snippet(text, ['climate'], 40)!;
    expect(result).toMatch(/^….*<span class="highlight">climate<\/span>.*…$/);
    expect(result).toContain('&lt;about&gt;');
    expect(snippet('nothing here', ['climate'])).toBeUndefined();
  });
});

describe('T demo artwork', () => {
  const svgOf = (url: unknown) => decodeURIComponent(String(url).replace(/^data:image\/svg\+xml,/, ''));

  it('gives every result data: SVG artwork (which the page may show), never a remote image', () => {
    for (const type of ['episode', 'podcast', 'curated']) {
      const body = search({ q: 'climate', type });
      expect(body.results.length).toBeGreaterThan(0);
      for (const result of body.results) {
        for (const field of [result.image, result.thumbnail, result.podcast.image, result.podcast.thumbnail].filter(
          (value) => value !== undefined,
        )) {
          expect(field).toMatch(/^data:image\/svg\+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22/);
          expect(String(field).length).toBeLessThan(1200);
        }
      }
    }
    // The audio stays the provider's URL: the view links to it rather than loading it.
    expect(search({ q: 'climate' }).results[0]!.audio).toMatch(/^https:\/\/audio\.podcasts\.example\.com\/.+\.mp3$/);
  });

  it('draws the podcast’s initials on a colour from its id, the same bytes every time', () => {
    const podcast = podcastCorpus().podcasts[0]!;
    const svg = svgOf(podcast.thumbnail);
    expect(svg).toContain(`>${titleInitials(podcast.title)}</text>`);
    expect(svg).toContain('width="200" height="200"');
    expect(svgOf(podcast.image)).toContain('width="600" height="600"');
    expect(podcast.thumbnail).toBe(podcastArtwork(podcast.id, podcast.title, 200));
    expect(ask(operation.example).body).toEqual(ask(operation.example).body);
    // Another podcast, another colour.
    const fills = new Set(
      podcastCorpus()
        .podcasts.slice(0, 20)
        .map((other) => /fill="(hsl\([^"]+\))"/.exec(svgOf(other.thumbnail))![1]),
    );
    expect(fills.size).toBeGreaterThan(10);
    expect(artworkSvg('abc', 'Same', 100)).toBe(artworkSvg('abc', 'Same', 100));
  });

  it('takes up to two initials, skipping small words, and escapes what it draws', () => {
    expect(titleInitials('The Daily Startup Show')).toBe('DS');
    expect(titleInitials('Économie & société')).toBe('ÉS');
    expect(titleInitials('The')).toBe('T');
    expect(titleInitials('  ')).toBe('?');
    expect(artworkSvg('x', '<b> "& quotes', 100)).not.toMatch(/<b>|"&/);
  });
});
