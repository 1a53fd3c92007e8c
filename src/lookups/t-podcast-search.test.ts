import { describe, expect, it } from 'vitest';
import { podcastSearch, podcastSearchResponse } from './t-podcast-search.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { podcastSearchSample } from './testing/samples/t-podcast-search.sample.ts';

// Transcribed from the spec's "T. Podcast search response" and its Result table.
const spec: SpecField[] = [
  ['took', 'number'],
  ['count', 'integer'],
  ['total', 'integer'],
  ['results', 'array'],
  ['next_offset', 'integer'],
  ['results[].id', 'string'],
  ['results[].rss', 'string'],
  ['results[].link', 'string'],
  ['results[].audio', 'string'],
  ['results[].image', 'string'],
  ['results[].podcast', 'object'],
  ['results[].store_id', 'integer'],
  ['results[].thumbnail', 'string'],
  ['results[].pub_date_ms', 'integer'],
  ['results[].guid_from_rss', 'string'],
  ['results[].title_original', 'string'],
  ['results[].search_service_url', 'string'],
  ['results[].audio_length_sec', 'integer'],
  ['results[].explicit_content', 'boolean'],
  ['results[].title_highlighted', 'string'],
  ['results[].description_original', 'string'],
  ['results[].description_highlighted', 'string'],
  ['results[].transcripts_highlighted', 'array'],
];

const operation = podcastSearch.operations[0];
const adapters = operation.adapters;

function messages(input: Record<string, string>) {
  const result = operation.params.safeParse({ q: 'climate', ...input });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('T podcast search', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(podcastSearchResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    const parsed = podcastSearchResponse.parse({ ...podcastSearchSample, rank_model: 'bm25' });
    expect(parsed).toMatchObject({ total: 342, rank_model: 'bm25' });
    expect(parsed.results[0]?.podcast).toMatchObject({ title_original: 'The Climate Hour' });
  });

  it('reports a wrong type at its path', () => {
    const body = { ...podcastSearchSample, results: [{ ...podcastSearchSample.results[0], pub_date_ms: '2024-06-01' }] };
    expect(podcastSearchResponse.safeParse(body).error?.issues[0]?.path).toEqual(['results', 0, 'pub_date_ms']);
  });

  it('builds the request with every parameter in the query', () => {
    const params = operation.params.parse({
      q: 'climate change',
      type: 'podcast',
      offset: '10',
      genre_ids: '107, 127',
      only_in: 'title,description',
      published_after: '1577836800000',
    });
    expect(requestTarget(buildRequest(operation, params))).toBe(
      '/search?q=climate%20change&type=podcast&offset=10&genre_ids=107%2C127&published_after=1577836800000&only_in=title%2Cdescription',
    );
  });

  it('refuses bad parameters with messages per field', () => {
    expect(
      messages({
        q: '',
        sort_by_date: '2',
        type: 'show',
        offset: '-1',
        genre_ids: '107,tech',
        only_in: 'title,comments',
        published_before: 'yesterday',
      }),
    ).toEqual({
      q: 'is required',
      sort_by_date: 'must be one of 0, 1',
      type: 'must be one of episode, podcast, curated',
      offset: 'must be at least 0',
      genre_ids: 'must be whole numbers separated by commas: tech',
      only_in: 'must list only title, description, author or audio: comments',
      published_before: 'must be a whole number',
    });
  });

  it('checks each max against its min and published_before against published_after', () => {
    expect(
      messages({
        len_min: '30',
        len_max: '10',
        episode_count_min: '5',
        episode_count_max: '4',
        update_freq_min: '48',
        update_freq_max: '24',
      }),
    ).toEqual({
      len_max: 'must be at least len_min',
      episode_count_max: 'must be at least episode_count_min',
      update_freq_max: 'must be at least update_freq_min',
    });
    expect(messages({ published_after: '1700000000000', published_before: '1600000000000' })).toEqual({
      published_before: 'must be later than published_after',
    });
    expect(messages({ len_min: '10', len_max: '10', published_after: '1', published_before: '2' })).toEqual({});
  });

  it('reads results as records with their titles as labels', () => {
    const records = adapters.records(podcastSearchSample)!;
    expect(records).toHaveLength(1);
    expect(adapters.label(records[0])).toBe('Ep. 212: Why climate change matters now');
  });

  it('pages by offset: "Results 11–20 of 342", next from next_offset, previous one page back', () => {
    const body = { ...podcastSearchSample, count: 10, next_offset: 20 };
    expect(adapters.paging(body, { q: 'climate', offset: 10 })).toMatchObject({
      summary: 'Results 11–20 of 342',
      next: { q: 'climate', offset: 20 },
      prev: { q: 'climate', offset: 0 },
    });
    expect(adapters.paging({ ...body, count: 2, total: 342, next_offset: 350 }, { offset: 340 })).toMatchObject({
      summary: 'Results 341–342 of 342',
      prev: { offset: 330 },
    });
    expect(adapters.paging({ ...body, count: 10, total: 12, next_offset: 10 }, {})).toMatchObject({
      summary: 'Results 1–10 of 12',
      next: { offset: 10 },
    });
    expect(adapters.paging({ ...body, count: 0, total: 0, results: [] }, {})?.summary).toBe('No results');
    expect(adapters.paging('not json', {})).toBeUndefined();
  });
});
