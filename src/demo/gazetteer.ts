// The place search's offline gazetteer: the places the demo world already knows (every US 3-digit
// zip area from us-places-data.ts, the Dutch postcode areas of C's register, the demo's cities
// abroad), found by name ("denver", "Denver, CO"), by US zip code (to the centre of its 3-digit
// area) or by Dutch postcode. Pure and data-only, so the browser loads it lazily, on the place
// box's first use.
import { DEMO_CITIES, DEMO_TOWNS } from './geo-world-data.ts';
import { POSTCODE_AREA_ROWS } from './c-company-address-data.ts';
import { placeOfZip, usPlaces, type UsPlace } from './us-places.ts';

export interface PlaceMatch {
  /** Unique among the places: the option's key. */
  id: string;
  /** "Denver, CO", "Munich, Bavaria, DE". */
  label: string;
  lat: number;
  lon: number;
  /** Population in thousands (estimated where the demo has none); ranks equal matches. */
  population: number;
  /** How a code matched, e.g. "centre of the 802 zip area". */
  note?: string;
}

export interface PlaceSearch {
  /** The best matches, at most the limit asked for. */
  matches: PlaceMatch[];
  /** How many places match in all. */
  total: number;
}

interface Entry {
  place: PlaceMatch;
  /** The name, normalised, and the name from each later word on ("francisco" of "san francisco"). */
  name: string;
  laterWords: string[];
  /** What a qualifier after a comma may name: state or region, country code. */
  qualifiers: string[];
}

/** Lower case, accents and punctuation gone, single spaces: "Île-de-France" → "ile de france". */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// The demo's own density model (us-places.ts: spreadKm = 3 + 2.5·√(population/100)) read backwards,
// so a city abroad, which has a spread but no population, ranks among the US places by its size.
const populationOfSpread = (spreadKm: number) => Math.round(100 * ((spreadKm - 3) / 2.5) ** 2);

const usLabel = (place: Pick<UsPlace, 'name' | 'state'>) => `${place.name}, ${place.state}`;

function entry(place: PlaceMatch, name: string, qualifiers: string[]): Entry {
  const normalised = normalise(name);
  const words = normalised.split(' ');
  const laterWords = words.slice(1).map((_, index) => words.slice(index + 1).join(' '));
  return { place, name: normalised, laterWords, qualifiers: qualifiers.map(normalise) };
}

interface DutchArea {
  from: number;
  until: number;
  city: string;
  province: string;
  lat: number;
  lon: number;
}

let built: { entries: Entry[]; codes: Set<string>; dutchAreas: DutchArea[]; usPlaceIds: Map<UsPlace, string> } | undefined;

function build() {
  if (built) return built;
  const entries: Entry[] = [];
  const seen = new Set<string>();
  const add = (key: string, made: () => Entry) => {
    if (seen.has(key)) return;
    seen.add(key);
    entries.push(made());
  };
  const usPlaceIds = new Map<UsPlace, string>();
  for (const place of usPlaces()) {
    const id = `us:${place.zip3}`;
    usPlaceIds.set(place, id);
    add(`${normalise(place.name)}|${place.state}`, () =>
      entry({ id, label: usLabel(place), lat: place.lat, lon: place.lon, population: place.population }, place.name, [
        place.state,
        'US',
        'USA',
      ]),
    );
  }
  // H's sample towns and the demo's cities, where us-places-data.ts does not already name them.
  for (const town of DEMO_TOWNS)
    add(`${normalise(town.name)}|${town.state}`, () =>
      entry({ id: `town:${town.name}:${town.state}`, label: usLabel(town), lat: town.lat, lon: town.lon, population: 0 }, town.name, [
        town.state,
        'US',
        'USA',
      ]),
    );
  for (const city of DEMO_CITIES) {
    const label = city.country === 'US' ? `${city.name}, ${city.region}` : `${city.name}, ${city.region}, ${city.country}`;
    add(`${normalise(city.name)}|${city.country === 'US' ? city.region : city.country}`, () =>
      entry({ id: `city:${city.pk}`, label, lat: city.lat, lon: city.lon, population: populationOfSpread(city.spreadKm) }, city.name, [
        city.region,
        city.country,
        city.country3,
      ]),
    );
  }
  const rows = POSTCODE_AREA_ROWS.trim()
    .split('\n')
    .map((line) => line.split('|') as [string, string, string, string, string, string]);
  const dutchAreas = rows.map(([from, city, province, lat, lon], index) => ({
    from: Number(from),
    until: index + 1 < rows.length ? Number(rows[index + 1]![0]) : 10_000,
    city,
    province,
    lat: Number(lat),
    lon: Number(lon),
  }));
  for (const area of dutchAreas)
    add(`${normalise(area.city)}|NL`, () =>
      entry(
        { id: `nl:${area.from}`, label: `${area.city}, ${area.province}, NL`, lat: area.lat, lon: area.lon, population: 0 },
        area.city,
        [area.province, 'NL', 'NLD'],
      ),
    );
  const codes = new Set(entries.flatMap((candidate) => candidate.qualifiers.filter((qualifier) => qualifier.length === 2)));
  built = { entries, codes, dutchAreas, usPlaceIds };
  return built;
}

/** A US zip code (5 digits, ZIP+4, or just the 3-digit prefix) to the centre of its 3-digit area. */
function byUsZip(query: string): PlaceMatch[] | undefined {
  const zip = /^(\d{3})(?:\d{2}(?:-?\d{4})?)?$/.exec(query);
  if (!zip) return undefined;
  const prefix = zip[1]!;
  const place = placeOfZip(`${prefix}00`);
  if (!place) return [];
  const id = build().usPlaceIds.get(place) ?? `us:${place.zip3}`;
  return [
    { id, label: usLabel(place), lat: place.lat, lon: place.lon, population: place.population, note: `centre of the ${prefix} zip area` },
  ];
}

/** A Dutch postcode ("1012", "1012 AB") to the centre of the town its digits belong to. */
function byDutchPostcode(query: string): PlaceMatch[] | undefined {
  const postcode = /^(\d{4}) ?(?:[a-z]{2})?$/i.exec(query);
  if (!postcode) return undefined;
  const digits = Number(postcode[1]);
  const area = build().dutchAreas.find((candidate) => digits >= candidate.from && digits < candidate.until);
  if (!area || digits < 1000) return [];
  return [
    {
      id: `nl:${area.from}`,
      label: `${area.city}, ${area.province}, NL`,
      lat: area.lat,
      lon: area.lon,
      population: 0,
      note: `centre of the town of postcode ${postcode[1]}`,
    },
  ];
}

/** 3 the whole name, 2 its start, 1 the start of a later word, 0 no match. */
function nameQuality(entry: Entry, name: string): number {
  if (entry.name === name) return 3;
  if (entry.name.startsWith(name)) return 2;
  return entry.laterWords.some((rest) => rest.startsWith(name)) ? 1 : 0;
}

/** The name and what qualifies it: "denver, co" or "denver co" (a trailing state or country code). */
function splitQualifier(query: string): { name: string; qualifier?: string } {
  const comma = query.indexOf(',');
  if (comma >= 0) return { name: normalise(query.slice(0, comma)), qualifier: normalise(query.slice(comma + 1)) || undefined };
  const words = normalise(query).split(' ');
  const last = words.at(-1)!;
  if (words.length > 1 && build().codes.has(last)) return { name: words.slice(0, -1).join(' '), qualifier: last };
  return { name: words.join(' ') };
}

const qualifies = (entry: Entry, qualifier: string | undefined) =>
  !qualifier || entry.qualifiers.some((candidate) => candidate === qualifier || (qualifier.length > 2 && candidate.startsWith(qualifier)));

/** The places a query names, best first: by match quality, then by population. */
export function findPlaces(query: string, limit = 8): PlaceSearch {
  const text = query.trim();
  if (!text) return { matches: [], total: 0 };
  const coded = byUsZip(text) ?? byDutchPostcode(text);
  if (coded) return { matches: coded.slice(0, limit), total: coded.length };
  const { name, qualifier } = splitQualifier(text);
  if (!name) return { matches: [], total: 0 };
  const found = build()
    .entries.filter((candidate) => qualifies(candidate, qualifier))
    .map((candidate) => ({ candidate, quality: nameQuality(candidate, name) }))
    .filter(({ quality }) => quality > 0)
    .sort(
      (a, b) =>
        b.quality - a.quality ||
        b.candidate.place.population - a.candidate.place.population ||
        a.candidate.place.label.localeCompare(b.candidate.place.label),
    );
  return { matches: found.slice(0, limit).map(({ candidate }) => candidate.place), total: found.length };
}
