// C's Netherlands: which town a postcode is in (POSTCODE_AREA_ROWS), and where an address of it
// stands. A postcode's 4 digits place its neighbourhood within the town (farther out the further
// into the town's range), its letters a street there, and the house number a spot along that street
// that wraps every 120 numbers: never far from the postcode, whatever the number, and always on land.
import { landPointNear } from './geo-world.ts';
import { isInland } from './land-mask.ts';
import { createRng, seedFrom } from './seeded.ts';
import { POSTCODE_AREA_ROWS } from './c-company-address-data.ts';

export interface PostcodeArea {
  /** The first 4-digit postcode of the town's range, and the first after it. */
  from: number;
  until: number;
  city: string;
  state: string;
  lat: number;
  lon: number;
  /** Telephone area code, e.g. 020. */
  network: string;
  /** The town's code (like the statistics office's municipality codes). */
  regionCode: number;
}

let areas: PostcodeArea[] | undefined;

export function postcodeAreas(): readonly PostcodeArea[] {
  if (!areas) {
    const rows = POSTCODE_AREA_ROWS.trim()
      .split('\n')
      .map((line) => line.split('|') as [string, string, string, string, string, string]);
    areas = rows.map(([from, city, state, lat, lon, network], index) => ({
      from: Number(from),
      until: index + 1 < rows.length ? Number(rows[index + 1]![0]) : 10_000,
      city,
      state,
      lat: Number(lat),
      lon: Number(lon),
      network,
      regionCode: (seedFrom('municipality', city) % 980) + 10,
    }));
  }
  return areas;
}

/** The town of a 4-digit postcode (1000–9999); undefined below 1000. */
export function areaOf(digits: number): PostcodeArea | undefined {
  let found: PostcodeArea | undefined;
  for (const area of postcodeAreas()) {
    if (area.from > digits) break;
    found = area;
  }
  return found;
}

/** How far (metres) a town's neighbourhoods reach from its centre: wider for a town with more postcodes. */
export const reachOf = (area: PostcodeArea) => Math.min(6_000, 1_000 + 50 * (area.until - area.from));

const METRES_PER_DEGREE = 111_320;

function offset(lat: number, lon: number, metres: number, angle: number): { lat: number; lon: number } {
  return {
    lat: lat + (metres * Math.cos(angle)) / METRES_PER_DEGREE,
    lon: lon + (metres * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180)),
  };
}

/** Where the address stands: within reachOf(area) + 900 m of the town's centre, on land. */
export function addressPosition(area: PostcodeArea, postcode: string, houseNumber: number): { lat: number; lon: number } {
  const digits = Number(postcode.slice(0, 4));
  const neighbourhood = createRng(seedFrom('C-postcode', digits));
  const share = (digits - area.from + 0.5) / (area.until - area.from);
  const centre = offset(area.lat, area.lon, reachOf(area) * Math.sqrt(share), 2 * Math.PI * neighbourhood.next());
  const street = createRng(seedFrom('C-street', postcode));
  const start = offset(centre.lat, centre.lon, 300 * street.next(), 2 * Math.PI * street.next());
  const spot = offset(start.lat, start.lon, ((houseNumber - 1) % 120) * 5, 2 * Math.PI * street.next());
  if (isInland(spot.lat, spot.lon)) return spot;
  // In a canal, a lake or the sea: the nearest land the neighbourhood has, else the town's centre.
  const near = createRng(seedFrom('C-land', postcode, houseNumber));
  const land = landPointNear(() => near.next(), spot.lat, spot.lon, 800);
  return land.lat === spot.lat && land.lon === spot.lon ? { lat: area.lat, lon: area.lon } : land;
}
