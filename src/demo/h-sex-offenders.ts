// Demo for H: fictitious registrants of every zip code of the 50 states and DC, a fixed set per zip
// code (more in a city than in the country), living on land near the place that names the zip code's
// 3-digit region, at addresses of the demo's street grid there. Found by zip code and/or a
// case-insensitive part of the name (both together must both match); a name alone searches the
// zip codes of DEMO_TOWNS, as the lookup's notes say.
import { OFFENDERS_PER_PAGE } from '../lookups/h-sex-offenders.ts';
import { sexOffenders } from '../lookups/h-sex-offenders.ts';
import { json, providerError, defineDemo } from './demo-types.ts';
import type { Faker } from '@faker-js/faker';
import { seededFaker } from './seeded.ts';
import { DEMO_TOWNS } from './geo-world-data.ts';
import { landPointNear } from './geo-world.ts';
import { placeOfZip, type UsPlace } from './us-places.ts';
import { streetAddress } from './street-grid.ts';

/** Ages are computed on this fixed day so that answers never change. */
const REFERENCE_DAY = Date.UTC(2026, 10, 1);
const CHARGES = [
  'Criminal sexual conduct, 3rd degree',
  'Indecent exposure',
  'Sexual battery',
  'Failure to register as a sex offender',
  'Lewd conduct in a public place',
  'Unlawful sexual contact, 2nd degree',
];
const MARKS = ['Tattoo on left forearm', 'Scar on right cheek', 'Tattoo on neck', 'Birthmark on right hand', 'Scar above left eyebrow'];

/** Where a zip code's registrants live: a neighbourhood of its place, within the place's spread. */
function zipCentre(faker: Faker, place: UsPlace): { lat: number; lon: number } {
  return landPointNear(() => faker.number.float(), place.lat, place.lon, Math.min(place.spreadKm, 8) * 1000);
}

function offender(faker: Faker, place: UsPlace, centre: { lat: number; lon: number }, zipcode: string) {
  const sex = faker.helpers.weightedArrayElement([
    { weight: 19, value: 'M' },
    { weight: 1, value: 'F' },
  ]);
  const first = faker.person.firstName(sex === 'M' ? 'male' : 'female');
  const middle = faker.person.middleName(sex === 'M' ? 'male' : 'female');
  const last = faker.person.lastName();
  const birth = faker.date.birthdate({ mode: 'age', min: 22, max: 78, refDate: REFERENCE_DAY });
  const age = Math.floor((REFERENCE_DAY - birth.getTime()) / (365.2425 * 86_400_000));
  const id = faker.string.numeric(8);
  const aliases = faker.helpers.multiple(() => `${faker.person.firstName(sex === 'M' ? 'male' : 'female')} ${last}`, {
    count: { min: 0, max: 2 },
  });
  const home = landPointNear(() => faker.number.float(), centre.lat, centre.lon, 1500);
  const address = streetAddress(place, home.lat, home.lon);
  return {
    sex_offender_state: place.state,
    sex_offender_location: place.name,
    sex_offender_zipcode: zipcode,
    sex_offender_lat: home.lat.toFixed(6),
    sex_offender_lon: home.lon.toFixed(6),
    sex_offender_name: `${first} ${middle} ${last}`,
    sex_offender_first_name: first,
    sex_offender_middle_name: middle,
    sex_offender_last_name: last,
    sex_offender_birthdate: birth.toISOString().slice(0, 10),
    sex_offender_age: age,
    sex_offender_address_line1: `${address.number} ${address.street}`,
    sex_offender_address_line2: `${place.name}, ${place.state} ${zipcode}`,
    sex_offender_sex: sex,
    sex_offender_race: faker.helpers.arrayElement(['White', 'Black', 'Hispanic', 'Asian', 'American Indian']),
    sex_offender_height: `${faker.number.int({ min: 5, max: 6 })}'${faker.number.int({ min: 0, max: 11 })}"`,
    sex_offender_weight: `${faker.number.int({ min: 120, max: 280 })} lbs`,
    sex_offender_hair: faker.helpers.arrayElement(['Black', 'Brown', 'Blond', 'Red', 'Gray', 'Bald']),
    sex_offender_eyes: faker.helpers.arrayElement(['Brown', 'Blue', 'Green', 'Hazel', 'Gray']),
    sex_offender_marks: faker.helpers.arrayElements(MARKS, { min: 0, max: 2 }).join('; '),
    sex_offender_aliases: aliases.join('; '),
    sex_offender_charges: faker.helpers.arrayElements(CHARGES, { min: 1, max: 2 }).join('; '),
    sex_offender_changes: faker.datatype.boolean(0.3)
      ? `Address updated ${faker.date.past({ years: 2, refDate: REFERENCE_DAY }).toISOString().slice(0, 10)}`
      : '',
    sex_offender_is_predator: String(faker.datatype.boolean(0.1)),
    sex_offender_is_absconder: String(faker.datatype.boolean(0.05)),
    sex_offender_image_url: `https://registry-images.example.org/${place.state.toLowerCase()}/${id}.jpg`,
  };
}

type Offender = ReturnType<typeof offender>;

// Each zip code's registrants are built once and kept (a bulk run asks many; a few thousand at most).
const byZipcode = new Map<string, Offender[]>();
const MAX_REMEMBERED_ZIPCODES = 5_000;

/** How many registrants a zip code of the place holds at most: a few in the country, up to 28 in a large city. */
const mostIn = (place: UsPlace) => Math.round(3 + 25 * (place.peak / 1.2));

function offendersIn(zipcode: string): Offender[] {
  const place = placeOfZip(zipcode);
  if (!place) return [];
  let found = byZipcode.get(zipcode);
  if (!found) {
    // One faker per zip code, drawn in order: the zip code's registrants are always built together.
    const faker = seededFaker('H', zipcode);
    const count = faker.number.int({ min: 1, max: mostIn(place) });
    const centre = zipCentre(faker, place);
    found = Array.from({ length: count }, () => offender(faker, place, centre, zipcode));
    if (byZipcode.size >= MAX_REMEMBERED_ZIPCODES) byZipcode.clear();
    byZipcode.set(zipcode, found);
  }
  return found;
}

function nameMatches(record: Offender, name: string): boolean {
  const full = record.sex_offender_name.toLowerCase();
  return name
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => full.includes(term));
}

export const sexOffendersDemo = defineDemo(sexOffenders, ({ params }) => {
  const { zipcode, name } = params;
  if (!zipcode && !name) return providerError(400, { message: 'zipcode or name is required' });
  const candidates = zipcode ? offendersIn(zipcode) : DEMO_TOWNS.flatMap((town) => town.zipcodes.flatMap(offendersIn));
  const found = name ? candidates.filter((record) => nameMatches(record, name)) : candidates;
  return json({
    sex_offenders_count: found.length,
    pages_count: Math.ceil(found.length / OFFENDERS_PER_PAGE),
    sex_offenders: found.slice(0, OFFENDERS_PER_PAGE),
  });
});
