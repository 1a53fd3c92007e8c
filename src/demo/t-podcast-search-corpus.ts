// The T demo's fixed corpus: 200 podcasts in seventeen genres with their latest episodes (some
// 4,000) and 60 curated lists, built once from one seed. A few entries carry hostile HTML on
// purpose, so the viewer's sanitising is exercised by demo data (see HOSTILE_* below).
import type { Faker } from '@faker-js/faker';
import { seededFaker } from './seeded.ts';
import { IMAGE_SIZE, podcastArtwork, THUMBNAIL_SIZE } from './t-podcast-search-artwork.ts';
import { searchable } from './t-podcast-search-text.ts';

export interface Podcast {
  id: string;
  title: string;
  publisher: string;
  description: string;
  genre_ids: number[];
  language: string;
  explicit: boolean;
  rss: string;
  website: string;
  image: string;
  thumbnail: string;
  store_id: number;
  total_episodes: number;
  update_frequency_hours: number;
  /** Average episode length in seconds. */
  audio_length_sec: number;
  episodes: Episode[];
  text: { title: string; description: string; author: string };
}

export interface Episode {
  id: string;
  podcast: Podcast;
  title: string;
  description: string;
  transcript: string;
  audio_length_sec: number;
  pub_date_ms: number;
  guid: string;
  explicit: boolean;
  text: { title: string; description: string; author: string; audio: string };
}

export interface CuratedList {
  id: string;
  title: string;
  description: string;
  pub_date_ms: number;
  podcasts: Podcast[];
  text: { title: string; description: string; author: string };
}

export const GENRES: Readonly<Record<number, { name: string; topics: readonly string[] }>> = {
  107: {
    name: 'Science',
    topics: ['black holes', 'quantum physics', 'climate change', 'genetics', 'the brain', 'evolution', 'vaccines', 'ocean life'],
  },
  127: {
    name: 'Technology',
    topics: ['machine learning', 'startups', 'open source', 'cybersecurity', 'smartphones', 'robotics', 'cloud computing', 'electric cars'],
  },
  93: {
    name: 'Business',
    topics: ['startups', 'leadership', 'marketing', 'remote work', 'negotiation', 'supply chains', 'venture capital', 'pricing'],
  },
  125: {
    name: 'History',
    topics: [
      'the Roman Empire',
      'the Cold War',
      'ancient Egypt',
      'the Renaissance',
      'World War II',
      'the Silk Road',
      'the Vikings',
      'the space race',
    ],
  },
  88: {
    name: 'Health & Fitness',
    topics: ['sleep', 'nutrition', 'running', 'meditation', 'strength training', 'mental health', 'fasting', 'recovery'],
  },
  77: { name: 'Sports', topics: ['football', 'the Olympics', 'tennis', 'basketball', 'cycling', 'marathons', 'cricket', 'the World Cup'] },
  133: {
    name: 'Comedy',
    topics: ['awkward dates', 'bad jobs', 'family holidays', 'roommates', 'pets', 'road trips', 'weddings', 'school days'],
  },
  135: {
    name: 'True Crime',
    topics: ['cold cases', 'heists', 'con artists', 'forensics', 'wrongful convictions', 'missing persons', 'fraud', 'cults'],
  },
  99: {
    name: 'News',
    topics: ['elections', 'climate policy', 'the economy', 'housing', 'energy prices', 'trade', 'inflation', 'public health'],
  },
  100: { name: 'Arts', topics: ['painting', 'poetry', 'architecture', 'photography', 'film scores', 'design', 'theatre', 'sculpture'] },
  111: {
    name: 'Education',
    topics: ['learning languages', 'study habits', 'mathematics', 'teaching', 'climate education', 'online courses', 'reading', 'writing'],
  },
  // Everyday subjects people search a podcast index for first (music, politics, bitcoin…).
  134: {
    name: 'Music',
    topics: ['jazz', 'hip hop', 'rock music', 'classical music', 'songwriting', 'music production', 'new albums', 'live concerts'],
  },
  117: {
    name: 'Government',
    topics: [
      'politics',
      'elections',
      'foreign policy',
      'local politics',
      'the Supreme Court',
      'political campaigns',
      'democracy',
      'public policy',
    ],
  },
  98: {
    name: 'Investing',
    topics: [
      'bitcoin',
      'crypto markets',
      'the stock market',
      'personal finance',
      'interest rates',
      'real estate investing',
      'retirement savings',
      'index funds',
    ],
  },
  68: {
    name: 'TV & Film',
    topics: [
      'movies',
      'film festivals',
      'streaming series',
      'the Oscars',
      'horror films',
      'documentaries',
      'screenwriting',
      'box office hits',
    ],
  },
  122: {
    name: 'Society & Culture',
    topics: ['relationships', 'parenting', 'food culture', 'travel', 'religion', 'friendship', 'city life', 'philosophy'],
  },
  82: {
    name: 'Leisure',
    topics: ['video games', 'cooking', 'gardening', 'board games', 'hiking', 'classic cars', 'fashion', 'photography walks'],
  },
};
const GENRE_IDS = Object.keys(GENRES).map(Number);
// About twelve podcasts per genre, so that a common word finds several shows and many episodes.
const PODCASTS = 200;
const CURATED = 60;
const LANGUAGES = [
  'English',
  'English',
  'English',
  'English',
  'English',
  'English',
  'Spanish',
  'German',
  'French',
  'Portuguese',
  'Japanese',
];
const FREQUENCIES = [24, 72, 168, 168, 168, 336, 720];
const HOUR = 3_600_000;
const LATEST_FROM = Date.UTC(2023, 0, 1);
const LATEST_TO = Date.UTC(2025, 5, 1);

/** Hostile markup planted in descriptions (titles stay plain): the viewer must neutralise it. */
export const HOSTILE_IMG = '<img src=x onerror=alert(1)>';
export const HOSTILE_SCRIPT = '<script>alert("xss")</script>';
export const HOSTILE_LINK = '<a href="javascript:alert(2)">show notes</a>';

// faker's name and string helpers cost ~50 µs a call; ids and guest names are composed from cheap
// integer draws and small pools so the corpus builds in well under a second.
const hexId = (faker: Faker) =>
  Array.from({ length: 4 }, () => faker.number.int({ min: 0, max: 0xffffffff }).toString(16).padStart(8, '0')).join('');

interface Pools {
  first: string[];
  last: string[];
}

const guestName = (faker: Faker, pools: Pools) => `${faker.helpers.arrayElement(pools.first)} ${faker.helpers.arrayElement(pools.last)}`;
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const genreNames = (podcast: Pick<Podcast, 'genre_ids'>) => podcast.genre_ids.map((id) => GENRES[id]!.name).join(', ');
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function podcastTitle(faker: Faker, genre: { name: string; topics: readonly string[] }): string {
  const topic = cap(faker.helpers.arrayElement(genre.topics));
  return faker.helpers.arrayElement([
    `The ${topic} Hour`,
    `${faker.person.lastName()} on ${genre.name}`,
    `${genre.name} Weekly`,
    `${cap(faker.word.adjective())} ${genre.name}`,
    `All About ${topic}`,
    `${topic} Unpacked`,
  ]);
}

function episodeTitle(faker: Faker, number: number, topic: string, guest: string): string {
  const title = faker.helpers.arrayElement([
    `The truth about ${topic}`,
    `${guest} on ${topic}`,
    `Why ${topic} matters now`,
    `${cap(topic)}, explained`,
    `What we get wrong about ${topic}`,
    `${cap(topic)} with ${guest}`,
  ]);
  return `Ep. ${number}: ${title}`;
}

function buildEpisode(faker: Faker, pools: Pools, podcast: Podcast, number: number, pubDate: number, topics: readonly string[]): Episode {
  const [topic, other] = faker.helpers.arrayElements(topics, 2) as [string, string];
  const guest = guestName(faker, pools);
  const title = episodeTitle(faker, number, topic, guest);
  const description = `<p>${podcast.publisher} talks with ${guest} about ${topic} and ${other}.</p><p>${faker.company.catchPhrase()}. ${cap(faker.company.buzzPhrase())}.</p><p>Filed under ${genreNames(podcast)}.</p>`;
  const transcript = faker.datatype.boolean(0.3)
    ? `Welcome back to ${podcast.title}. Today we are talking about ${topic}, and honestly ${faker.company.buzzPhrase()} is where it starts. ${guest}, thanks for coming on. So, ${other}: where do we begin?`
    : '';
  const id = hexId(faker);
  return {
    id,
    podcast,
    title,
    description,
    transcript,
    audio_length_sec: Math.max(
      120,
      Math.round(faker.number.int({ min: podcast.audio_length_sec * 0.5, max: podcast.audio_length_sec * 1.5 })),
    ),
    pub_date_ms: pubDate,
    guid: `${podcast.website}/episodes/${number}`,
    explicit: podcast.explicit,
    text: {
      title: searchable(title),
      description: searchable(description),
      author: searchable(podcast.publisher),
      audio: searchable(transcript),
    },
  };
}

function buildPodcast(faker: Faker, pools: Pools): Podcast {
  const genreId = faker.helpers.arrayElement(GENRE_IDS);
  const genre = GENRES[genreId]!;
  const title = podcastTitle(faker, genre);
  const publisher = faker.datatype.boolean(0.5) ? faker.company.name() : guestName(faker, pools);
  const id = hexId(faker);
  const website = `https://${slug(title)}.example.fm`;
  const genreIds = faker.datatype.boolean(0.4)
    ? [genreId, faker.helpers.arrayElement(GENRE_IDS.filter((other) => other !== genreId))]
    : [genreId];
  const about = genreIds.flatMap((id) => faker.helpers.arrayElements(GENRES[id]!.topics, 3));
  const description = `<p>${title} from ${publisher}: a ${genreIds.map((id) => GENRES[id]!.name).join(' and ')} podcast with conversations about ${about.join(', ')}.</p>`;
  const podcast: Podcast = {
    id,
    title,
    publisher,
    description,
    genre_ids: genreIds,
    language: faker.helpers.arrayElement(LANGUAGES),
    explicit: faker.datatype.boolean(0.15),
    rss: `https://feeds.example.fm/${id}.xml`,
    website,
    // Drawn here, as data: URLs: the app's pages may show those, not images on a made-up CDN.
    image: podcastArtwork(id, title, IMAGE_SIZE),
    thumbnail: podcastArtwork(id, title, THUMBNAIL_SIZE),
    store_id: faker.number.int({ min: 100_000_000, max: 1_800_000_000 }),
    total_episodes: faker.number.int({ min: 8, max: 600 }),
    update_frequency_hours: Math.round(faker.helpers.arrayElement(FREQUENCIES) * faker.number.float({ min: 0.85, max: 1.15 })),
    audio_length_sec: faker.number.int({ min: 12, max: 110 }) * 60,
    episodes: [],
    text: { title: searchable(title), description: searchable(description), author: searchable(publisher) },
  };
  const topics = podcast.genre_ids.flatMap((genre) => GENRES[genre]!.topics);
  const latest = faker.number.int({ min: LATEST_FROM, max: LATEST_TO });
  const count = Math.min(podcast.total_episodes, faker.number.int({ min: 12, max: 28 }));
  for (let i = 0; i < count; i++) {
    const pubDate = Math.round(latest - i * podcast.update_frequency_hours * HOUR);
    podcast.episodes.push(buildEpisode(faker, pools, podcast, podcast.total_episodes - i, pubDate, topics));
  }
  return podcast;
}

/** Two episodes and one podcast description carry hostile HTML; all are findable by "security". */
function plantHostile(podcasts: Podcast[]): void {
  const host = podcasts.find((podcast) => podcast.genre_ids.includes(127)) ?? podcasts[0]!;
  const plant = (episode: Episode, title: string, markup: string) => {
    episode.title = title;
    episode.description = `<p>Web security basics: ${markup} why unescaped show notes are dangerous.</p>`;
    episode.text = { ...episode.text, title: searchable(title), description: searchable(episode.description) };
  };
  plant(host.episodes[0]!, 'Web security and cross-site scripting', HOSTILE_IMG);
  plant(host.episodes[1]!, 'Web security and script injection', HOSTILE_SCRIPT);
  host.description = `<p>Security stories for builders. ${HOSTILE_LINK}</p>`;
  host.text = { ...host.text, description: searchable(host.description) };
}

function buildCurated(faker: Faker, podcasts: Podcast[]): CuratedList {
  const genreId = faker.helpers.arrayElement(GENRE_IDS);
  const genre = GENRES[genreId]!;
  const inGenre = podcasts.filter((podcast) => podcast.genre_ids.includes(genreId));
  const chosen = faker.helpers.arrayElements(inGenre.length >= 3 ? inGenre : podcasts, { min: 3, max: 8 });
  const topic = faker.helpers.arrayElement(genre.topics);
  const title = faker.helpers.arrayElement([
    `${chosen.length} podcasts about ${topic}`,
    `Best ${genre.name} podcasts`,
    `Start here: ${topic}`,
  ]);
  const description = `<p>Hand-picked shows on ${topic}, from ${chosen[0]!.title} to ${chosen[chosen.length - 1]!.title}.</p>`;
  return {
    id: hexId(faker),
    title,
    description,
    pub_date_ms: faker.number.int({ min: LATEST_FROM, max: LATEST_TO }),
    podcasts: chosen,
    text: { title: searchable(title), description: searchable(description), author: '' },
  };
}

export interface Corpus {
  podcasts: Podcast[];
  episodes: Episode[];
  curated: CuratedList[];
}

let corpus: Corpus | undefined;

export function podcastCorpus(): Corpus {
  if (corpus) return corpus;
  const faker = seededFaker('T', 'corpus');
  const pools = {
    first: Array.from({ length: 120 }, () => faker.person.firstName()),
    last: Array.from({ length: 120 }, () => faker.person.lastName()),
  };
  const podcasts = Array.from({ length: PODCASTS }, () => buildPodcast(faker, pools));
  plantHostile(podcasts);
  const curated = Array.from({ length: CURATED }, () => buildCurated(faker, podcasts));
  corpus = { podcasts, episodes: podcasts.flatMap((podcast) => podcast.episodes), curated };
  return corpus;
}
