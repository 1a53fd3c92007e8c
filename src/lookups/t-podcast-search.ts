import { z } from 'zod';
import { defineLookup, defineOperation, type PageInfo, type Params } from './define-lookup.ts';
import { param } from './param.ts';
import { arrayAt, isRecord, offsetPageJump, toNumber } from './adapters.ts';
import { textAt } from './error-text.ts';

/** Results per page: the provider answers ten at a time and pages with offset. */
export const PODCAST_PAGE_SIZE = 10;
export const SEARCH_FIELDS = ['title', 'description', 'author', 'audio'] as const;

export const podcastResult = z.looseObject({
  id: z.string(),
  rss: z.string(),
  link: z.string(),
  audio: z.string(),
  image: z.string(),
  // Fields of the podcast object: not shown in the spec.
  podcast: z.looseObject({}),
  store_id: z.number().int(),
  thumbnail: z.string(),
  pub_date_ms: z.number().int(),
  guid_from_rss: z.string(),
  title_original: z.string(),
  search_service_url: z.string(),
  audio_length_sec: z.number().int(),
  explicit_content: z.boolean(),
  title_highlighted: z.string(),
  description_original: z.string(),
  description_highlighted: z.string(),
  // Element type: not shown in the spec.
  transcripts_highlighted: z.array(z.unknown()),
});

export const podcastSearchResponse = z.looseObject({
  took: z.number(),
  count: z.number().int(),
  total: z.number().int(),
  results: z.array(podcastResult),
  next_offset: z.number().int(),
});

/** "Results 11–20 of 342"; next via next_offset, previous one page size back. */
function podcastPaging(body: unknown, params: Params): PageInfo | undefined {
  if (!isRecord(body)) return undefined;
  const count = toNumber(body.count);
  const total = toNumber(body.total);
  if (count === undefined || total === undefined) return undefined;
  const offset = typeof params.offset === 'number' ? params.offset : 0;
  const summary =
    count === 0
      ? total === 0
        ? 'No results'
        : `No results past ${total.toLocaleString('en-US')}`
      : `Results ${(offset + 1).toLocaleString('en-US')}–${(offset + count).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
  const info: PageInfo = { summary };
  const nextOffset = toNumber(body.next_offset);
  if (nextOffset !== undefined && nextOffset > offset && nextOffset < total) info.next = { ...params, offset: nextOffset };
  if (offset > 0) info.prev = { ...params, offset: Math.max(0, offset - PODCAST_PAGE_SIZE) };
  const pages = offsetPageJump(offset, PODCAST_PAGE_SIZE, total, params, 'offset');
  // Every page merges into one body of T's shape ("Fetch all pages"), read like any answer.
  if (pages) info.pages = { ...pages, merge: { noun: 'results', total, body: podcastSearchBody } };
  return info;
}

/** One answer of T's shape holding exactly these results, as if one page held them all. */
const podcastSearchBody = (results: readonly unknown[]) => ({
  took: 0,
  count: results.length,
  total: results.length,
  results,
  next_offset: results.length,
});

const minutes = (bound: 'Minimum' | 'Maximum') =>
  param.integer({
    in: 'query',
    title: `${bound} length (minutes)`,
    help: `${bound} audio length in minutes; for podcasts, of the average episode.`,
    min: 0,
    example: bound === 'Minimum' ? '10' : '60',
  });

const countBound = (bound: 'Minimum' | 'Maximum') =>
  param.integer({
    in: 'query',
    title: `${bound} episode count`,
    help: `${bound} number of episodes a podcast has (type podcast only).`,
    min: 0,
    example: bound === 'Minimum' ? '20' : '500',
  });

const frequencyBound = (bound: 'Minimum' | 'Maximum') =>
  param.integer({
    in: 'query',
    title: `${bound} update interval (hours)`,
    help: `${bound} average time between a podcast's episodes, in hours (type podcast only; 168 is weekly).`,
    min: 0,
    example: bound === 'Minimum' ? '24' : '168',
  });

const publishedAt = (bound: 'before' | 'after') =>
  param.epochMs({
    in: 'query',
    title: `Published ${bound}`,
    help: `Only results published ${bound} this moment.`,
    example: bound === 'before' ? '1735689600000' : '1577836800000',
  });

export const podcastSearch = defineLookup({
  id: 'T',
  title: 'Podcast search',
  keywords: ['podcast', 'podcasts', 'audio', 'episodes', 'radio', 'shows', 'listen'],
  catalog: {
    subject: 'Full-text search over podcast episodes, podcasts and curated lists of podcasts',
    coverage: 'global',
    version: 'no version in the path',
    price: 'monthly from $180',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  personalData: [],
  operations: [
    defineOperation({
      id: 'search',
      label: 'Search',
      method: 'GET',
      path: '/search',
      format: 'json',
      example: { q: 'climate', type: 'episode', sort_by_date: '0' },
      params: z
        .object({
          q: param.text({
            in: 'query',
            title: 'Search terms',
            help: 'Words to search for; every word must match.',
            required: true,
            maxLength: 200,
            example: 'climate',
          }),
          sort_by_date: param.enum({
            in: 'query',
            title: 'Sort by date',
            help: '0 sorts by relevance, 1 by publication date, newest first.',
            options: ['0', '1'],
            example: '0',
            defaultHint: '0',
          }),
          type: param.enum({
            in: 'query',
            title: 'Result type',
            help: 'episode, podcast or curated (curated lists of podcasts).',
            options: ['episode', 'podcast', 'curated'],
            example: 'episode',
            defaultHint: 'episode',
          }),
          offset: param.integer({
            in: 'query',
            title: 'Offset',
            help: 'How many results to skip (pages of 10).',
            min: 0,
            example: '10',
            defaultHint: '0',
          }),
          len_min: minutes('Minimum'),
          len_max: minutes('Maximum'),
          episode_count_min: countBound('Minimum'),
          episode_count_max: countBound('Maximum'),
          update_freq_min: frequencyBound('Minimum'),
          update_freq_max: frequencyBound('Maximum'),
          genre_ids: param.list({
            in: 'query',
            title: 'Genre ids',
            help: 'Comma list of genre ids, e.g. 107,127 (Science, Technology).',
            item: /^\d+$/,
            itemMessage: 'must be whole numbers separated by commas',
            example: '107,127',
          }),
          published_before: publishedAt('before'),
          published_after: publishedAt('after'),
          only_in: param.list({
            in: 'query',
            title: 'Search only in',
            help: 'Comma list of fields to search: title, description, author, audio (the transcript).',
            item: /^(title|description|author|audio)$/,
            itemMessage: 'must list only title, description, author or audio',
            suggestions: SEARCH_FIELDS,
            example: 'title,description',
            defaultHint: 'title,description,author,audio',
          }),
          language: param.text({
            in: 'query',
            title: 'Language',
            help: 'Language of the podcast, by its English name, e.g. English or Spanish.',
            maxLength: 40,
            example: 'English',
            defaultHint: 'any language',
          }),
        })
        .superRefine((params, ctx) => {
          const pairs = [
            ['len_min', 'len_max'],
            ['episode_count_min', 'episode_count_max'],
            ['update_freq_min', 'update_freq_max'],
          ] as const;
          for (const [min, max] of pairs) {
            const low = params[min];
            const high = params[max];
            if (low !== undefined && high !== undefined && high < low)
              ctx.addIssue({ code: 'custom', path: [max], message: `must be at least ${min}` });
          }
          const { published_after: after, published_before: before } = params;
          if (after !== undefined && before !== undefined && before <= after)
            ctx.addIssue({ code: 'custom', path: ['published_before'], message: 'must be later than published_after' });
        }),
      response: podcastSearchResponse,
      identity: 'id',
      // An episode by its title and show; the schema lists the title after fourteen other fields.
      table: { keyColumns: ['title_original', 'podcast.title_original', 'pub_date_ms', 'audio_length_sec'] },
      adapters: {
        // Errors: {message}.
        errorMessage: (body) => textAt(body, 'message'),
        records: (body) => arrayAt(body, 'results'),
        paging: podcastPaging,
        label: (record) => (isRecord(record) ? String(record.title_original ?? record.id) : ''),
      },
      notes: [
        'len_min/len_max are minutes; for type podcast they bound the average episode length.',
        'update_freq_min/update_freq_max are hours between episodes, the unit podcast indexes report update frequency in (168 = weekly); they and episode_count_min/max apply to type podcast only.',
        'only_in is a comma list of title, description, author and audio (the transcript); all four are searched when it is left out.',
        'The spec gives one Result shape; podcast and curated results carry the same fields (a curated list has no feed or audio of its own: those are empty strings and 0).',
        'Highlighted fields hold HTML (<span class="highlight">); descriptions may hold any HTML and must be sanitised before display.',
      ],
    }),
  ],
  notes: ['Podcast metadata is published media, not personal data.'],
});
