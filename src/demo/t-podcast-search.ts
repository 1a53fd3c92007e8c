// Demo upstream for T: full-text search over the fixed corpus, with the provider's filters,
// relevance or date order, and pages of ten by offset. Every query word must match the start of a
// word (a plural also by its stem), so everyday words (music, politics, bitcoin) find shows.
//
// Which filters apply to which type follows the provider: len_* to episodes and podcasts (the
// average episode for a podcast); episode_count_* and update_freq_* to podcasts only; genre_ids
// and language to episodes, podcasts and curated lists (a list matches through any of its
// podcasts); published_* to all three.
import type { z } from 'zod';
import { PODCAST_PAGE_SIZE, SEARCH_FIELDS, type podcastResult } from '../lookups/t-podcast-search.ts';
import { podcastSearch } from '../lookups/t-podcast-search.ts';
import type { OperationOf, ParamsOf } from '../lookups/define-lookup.ts';
import { json, defineDemo } from './demo-types.ts';
import { seedFrom } from './seeded.ts';
import { podcastCorpus, type CuratedList, type Episode, type Podcast } from './t-podcast-search-corpus.ts';
import { escapeHtml, highlight, matchesTerm, queryTerms, snippet } from './t-podcast-search-text.ts';

type Result = z.infer<typeof podcastResult>;
type Field = (typeof SEARCH_FIELDS)[number];
type Searchable = { text: Partial<Record<Field, string>> };

const FIELD_WEIGHT: Record<Field, number> = { title: 3, author: 2, description: 1, audio: 1 };
const SITE = 'https://www.podcast-search.example.com';

/** Relevance of a document: 0 unless every term is found in one of the searched fields. */
function score(doc: Searchable, terms: readonly string[], fields: readonly Field[]): number {
  let total = 0;
  for (const term of terms) {
    const hits = fields.reduce((sum, field) => sum + (doc.text[field] && matchesTerm(doc.text[field], term) ? FIELD_WEIGHT[field] : 0), 0);
    if (hits === 0) return 0;
    total += hits;
  }
  return total;
}

type PodcastParams = ParamsOf<OperationOf<typeof podcastSearch>>;

const within = (value: number, min: number | undefined, max: number | undefined) =>
  (min === undefined || value >= min) && (max === undefined || value <= max);

function podcastFilters(podcast: Podcast, params: PodcastParams): boolean {
  const genres = params.genre_ids;
  const language = params.language && params.language.toLowerCase() !== 'any language' ? params.language.toLowerCase() : undefined;
  return (
    (!genres || genres.some((genre) => podcast.genre_ids.includes(Number(genre)))) &&
    (!language || podcast.language.toLowerCase() === language)
  );
}

function published(pubDate: number, params: PodcastParams): boolean {
  const { published_after: after, published_before: before } = params;
  return (after === undefined || pubDate > after) && (before === undefined || pubDate < before);
}

const podcastSummary = (podcast: Podcast, terms: readonly string[]) => ({
  id: podcast.id,
  title_original: podcast.title,
  title_highlighted: highlight(escapeHtml(podcast.title), terms),
  publisher_original: podcast.publisher,
  publisher_highlighted: highlight(escapeHtml(podcast.publisher), terms),
  image: podcast.image,
  thumbnail: podcast.thumbnail,
  genre_ids: podcast.genre_ids,
  language: podcast.language,
  search_service_url: `${SITE}/c/${podcast.id}/`,
});

function episodeResult(episode: Episode, terms: readonly string[], fields: readonly Field[]): Result {
  const podcast = episode.podcast;
  const transcript = fields.includes('audio') && episode.transcript ? snippet(episode.transcript, terms) : undefined;
  return {
    id: episode.id,
    rss: podcast.rss,
    link: episode.guid,
    audio: `https://audio.podcasts.example.com/${podcast.id}/${episode.id}.mp3`,
    image: podcast.image,
    podcast: podcastSummary(podcast, terms),
    store_id: podcast.store_id,
    thumbnail: podcast.thumbnail,
    pub_date_ms: episode.pub_date_ms,
    guid_from_rss: episode.guid,
    title_original: episode.title,
    search_service_url: `${SITE}/e/${episode.id}/`,
    audio_length_sec: episode.audio_length_sec,
    explicit_content: episode.explicit,
    title_highlighted: highlight(escapeHtml(episode.title), terms),
    description_original: episode.description,
    description_highlighted: highlight(episode.description, terms),
    transcripts_highlighted: transcript ? [transcript] : [],
  };
}

function podcastResultOf(podcast: Podcast, terms: readonly string[]): Result {
  const latest = podcast.episodes[0]!;
  return {
    ...episodeResult(latest, terms, []),
    id: podcast.id,
    link: podcast.website,
    podcast: {
      ...podcastSummary(podcast, terms),
      total_episodes: podcast.total_episodes,
      update_frequency_hours: podcast.update_frequency_hours,
      audio_length_sec: podcast.audio_length_sec,
      earliest_pub_date_ms: podcast.episodes[podcast.episodes.length - 1]!.pub_date_ms,
      latest_pub_date_ms: latest.pub_date_ms,
    },
    guid_from_rss: `${podcast.website}/feed-guid`,
    title_original: podcast.title,
    search_service_url: `${SITE}/c/${podcast.id}/`,
    title_highlighted: highlight(escapeHtml(podcast.title), terms),
    description_original: podcast.description,
    description_highlighted: highlight(podcast.description, terms),
    transcripts_highlighted: [],
  };
}

function curatedResult(list: CuratedList, terms: readonly string[]): Result {
  const cover = list.podcasts[0]!;
  return {
    id: list.id,
    rss: '',
    link: `${SITE}/curated-podcasts/${list.id}/`,
    audio: '',
    image: cover.image,
    podcast: {},
    store_id: 0,
    thumbnail: cover.thumbnail,
    pub_date_ms: list.pub_date_ms,
    guid_from_rss: '',
    title_original: list.title,
    search_service_url: `${SITE}/curated-podcasts/${list.id}/`,
    audio_length_sec: 0,
    explicit_content: list.podcasts.some((podcast) => podcast.explicit),
    title_highlighted: highlight(escapeHtml(list.title), terms),
    description_original: list.description,
    description_highlighted: highlight(list.description, terms),
    transcripts_highlighted: [],
    total: list.podcasts.length,
    podcasts: list.podcasts.map((podcast) => podcastSummary(podcast, [])),
  };
}

interface Hit {
  score: number;
  pub: number;
  id: string;
  result: () => Result;
}

function search(params: PodcastParams, terms: readonly string[], fields: readonly Field[]): Hit[] {
  const corpus = podcastCorpus();
  const hits: Hit[] = [];
  const add = (doc: Searchable, pub: number, id: string, result: () => Result) => {
    const relevance = score(doc, terms, fields);
    if (relevance > 0 && published(pub, params)) hits.push({ score: relevance, pub, id, result });
  };
  if (params.type === 'podcast') {
    for (const podcast of corpus.podcasts) {
      if (!podcastFilters(podcast, params) || !within(podcast.audio_length_sec / 60, params.len_min, params.len_max)) continue;
      if (!within(podcast.total_episodes, params.episode_count_min, params.episode_count_max)) continue;
      if (!within(podcast.update_frequency_hours, params.update_freq_min, params.update_freq_max)) continue;
      add(podcast, podcast.episodes[0]!.pub_date_ms, podcast.id, () => podcastResultOf(podcast, terms));
    }
  } else if (params.type === 'curated') {
    for (const list of corpus.curated) {
      if (!list.podcasts.some((podcast) => podcastFilters(podcast, params))) continue;
      add(list, list.pub_date_ms, list.id, () => curatedResult(list, terms));
    }
  } else {
    for (const episode of corpus.episodes) {
      if (!podcastFilters(episode.podcast, params) || !within(episode.audio_length_sec / 60, params.len_min, params.len_max)) continue;
      add(episode, episode.pub_date_ms, episode.id, () => episodeResult(episode, terms, fields));
    }
  }
  const byDate = (a: Hit, b: Hit) => b.pub - a.pub || a.id.localeCompare(b.id);
  return hits.sort(params.sort_by_date === '1' ? byDate : (a, b) => b.score - a.score || byDate(a, b));
}

export const podcastSearchDemo = defineDemo(podcastSearch, ({ params }) => {
  const terms = queryTerms(params.q);
  const fields = params.only_in && params.only_in.length > 0 ? (params.only_in as Field[]) : SEARCH_FIELDS;
  const offset = params.offset ?? 0;
  const hits = search(params, terms, fields);
  const results = hits.slice(offset, offset + PODCAST_PAGE_SIZE).map((hit) => hit.result());
  // A stable "took" (seconds) keeps the same request byte-identical.
  const took = 0.02 + (seedFrom('T', JSON.stringify(params)) % 400) / 1000;
  return json({
    took: Number(took.toFixed(3)),
    count: results.length,
    total: hits.length,
    results,
    next_offset: offset + PODCAST_PAGE_SIZE,
  });
});
