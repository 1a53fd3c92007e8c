// A body holding every field of the spec's "T. Podcast search response" and its Result table.
import { podcastSearch } from '../../t-podcast-search.ts';
import { defineSamples } from '../define-samples.ts';
export const podcastSearchSample = {
  took: 0.128,
  count: 1,
  total: 342,
  results: [
    {
      id: '4ed2a1b0e6c34d5f8a7b9c0d1e2f3a4b',
      rss: 'https://feeds.example.fm/8b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e.xml',
      link: 'https://the-climate-hour.example.fm/episodes/212',
      audio: 'https://audio.podcasts.example.com/8b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e/4ed2a1b0e6c34d5f8a7b9c0d1e2f3a4b.mp3',
      image: 'https://cdn.podcasts.example.com/images/8b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e.jpg',
      podcast: { id: '8b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e', title_original: 'The Climate Hour', publisher_original: 'Northwind Audio' },
      store_id: 1234567890,
      thumbnail: 'https://cdn.podcasts.example.com/thumbnails/8b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e.jpg',
      pub_date_ms: 1717171200000,
      guid_from_rss: 'https://the-climate-hour.example.fm/episodes/212',
      title_original: 'Ep. 212: Why climate change matters now',
      search_service_url: 'https://www.podcast-search.example.com/e/4ed2a1b0e6c34d5f8a7b9c0d1e2f3a4b/',
      audio_length_sec: 2712,
      explicit_content: false,
      title_highlighted: 'Ep. 212: Why <span class="highlight">climate</span> change matters now',
      description_original: '<p>Northwind Audio talks with Ada Park about climate change and ocean life.</p>',
      description_highlighted:
        '<p>Northwind Audio talks with Ada Park about <span class="highlight">climate</span> change and ocean life.</p>',
      transcripts_highlighted: ['…today we are talking about <span class="highlight">climate</span> change, and honestly…'],
    },
  ],
  next_offset: 10,
};

export const samples = defineSamples(podcastSearch, { search: [podcastSearchSample] });
