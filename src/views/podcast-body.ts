// The parts of T's body the podcast view reads. Lenient: episodes, podcasts and curated lists
// share the envelope but not every field.
import { z } from 'zod';

const text = z.string().optional().catch(undefined);
const count = z.number().optional().catch(undefined);

export const podcastResult = z.looseObject({
  id: z.string().catch(''),
  rss: text,
  link: text,
  audio: text,
  image: text,
  thumbnail: text,
  podcast: z.looseObject({ title_original: text, title_highlighted: text, publisher_original: text }).optional().catch(undefined),
  pub_date_ms: count,
  title_original: text,
  title_highlighted: text,
  description_original: text,
  description_highlighted: text,
  audio_length_sec: count,
  explicit_content: z.boolean().optional().catch(undefined),
  publisher_original: text,
  total_episodes: count,
});
export type PodcastResult = z.infer<typeof podcastResult>;

export const podcastBody = z.looseObject({
  count: count,
  total: count,
  took: count,
  next_offset: count,
  results: z.array(podcastResult),
});
