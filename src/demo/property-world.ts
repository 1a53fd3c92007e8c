// The demo's US properties, shared by D (detail) and G (detail with mortgage): the same recordid is
// the same house in both. Known record ids are 100000 to 999999999; any other id has no record.
import type { z } from 'zod';
import type { Faker } from '@faker-js/faker';
import type { mortgageSchema, propertySchema, propertyStatusSchema } from '../lookups/property-sections.ts';
import { seededFaker } from './seeded.ts';
import { json, providerError } from './demo-types.ts';

type Property = z.infer<typeof propertySchema>;
type Mortgage = z.infer<typeof mortgageSchema>;
type Status = z.infer<typeof propertyStatusSchema>;

export const KNOWN_RECORD_IDS = { min: 100_000, max: 999_999_999 } as const;

export function isKnownRecordId(recordid: number): boolean {
  return Number.isInteger(recordid) && recordid >= KNOWN_RECORD_IDS.min && recordid <= KNOWN_RECORD_IDS.max;
}

interface Metro {
  city: string;
  state: string;
  county: string;
  fips: string;
  lat: number;
  lon: number;
  zips: readonly string[];
}

// Real county FIPS codes and coordinates so the map and the identifiers agree.
const METROS: readonly Metro[] = [
  {
    city: 'Los Angeles',
    state: 'CA',
    county: 'Los Angeles County',
    fips: '06037',
    lat: 34.05,
    lon: -118.25,
    zips: ['90026', '90039', '90041', '90065'],
  },
  {
    city: 'San Diego',
    state: 'CA',
    county: 'San Diego County',
    fips: '06073',
    lat: 32.75,
    lon: -117.15,
    zips: ['92103', '92104', '92116'],
  },
  { city: 'Phoenix', state: 'AZ', county: 'Maricopa County', fips: '04013', lat: 33.49, lon: -112.07, zips: ['85008', '85016', '85018'] },
  { city: 'Denver', state: 'CO', county: 'Denver County', fips: '08031', lat: 39.74, lon: -104.97, zips: ['80205', '80206', '80210'] },
  { city: 'Austin', state: 'TX', county: 'Travis County', fips: '48453', lat: 30.29, lon: -97.74, zips: ['78704', '78745', '78751'] },
  { city: 'Chicago', state: 'IL', county: 'Cook County', fips: '17031', lat: 41.9, lon: -87.68, zips: ['60614', '60618', '60625'] },
  { city: 'Atlanta', state: 'GA', county: 'Fulton County', fips: '13121', lat: 33.78, lon: -84.39, zips: ['30306', '30307', '30309'] },
  {
    city: 'Charlotte',
    state: 'NC',
    county: 'Mecklenburg County',
    fips: '37119',
    lat: 35.21,
    lon: -80.84,
    zips: ['28203', '28205', '28209'],
  },
  { city: 'Columbus', state: 'OH', county: 'Franklin County', fips: '39049', lat: 39.99, lon: -83.0, zips: ['43201', '43206', '43214'] },
  { city: 'Seattle', state: 'WA', county: 'King County', fips: '53033', lat: 47.63, lon: -122.33, zips: ['98103', '98115', '98117'] },
  { city: 'Tampa', state: 'FL', county: 'Hillsborough County', fips: '12057', lat: 27.96, lon: -82.47, zips: ['33603', '33606', '33629'] },
  { city: 'Boston', state: 'MA', county: 'Suffolk County', fips: '25025', lat: 42.33, lon: -71.08, zips: ['02124', '02130', '02131'] },
];

const STYLES = ['RANCH', 'COLONIAL', 'CONTEMPORARY', 'BUNGALOW', 'CRAFTSMAN', 'SPANISH', 'TUDOR', 'CAPE COD'] as const;
const WALLS = ['STUCCO', 'WOOD SIDING', 'BRICK', 'VINYL SIDING', 'FRAME'] as const;
const CONDITIONS = ['EXCELLENT', 'GOOD', 'AVERAGE', 'FAIR'] as const;
const LENDERS = [
  { code: '40513', title: 'FIDELITY NATIONAL TITLE' },
  { code: '11226', title: 'FIRST AMERICAN TITLE' },
  { code: '30871', title: 'CHICAGO TITLE' },
  { code: '52904', title: 'STEWART TITLE' },
  { code: '67012', title: 'OLD REPUBLIC TITLE' },
] as const;

const hex32 = (faker: Faker) => faker.string.hexadecimal({ length: 32, casing: 'lower', prefix: '' });
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function addressOf(faker: Faker, metro: Metro) {
  const line1 = `${faker.number.int({ min: 100, max: 9899 })} ${faker.location.street().toUpperCase()}`;
  const postal1 = faker.helpers.arrayElement(metro.zips);
  const line2 = `${metro.city.toUpperCase()}, ${metro.state} ${postal1}`;
  return {
    country: 'US',
    countrySubd: metro.state,
    line1,
    line2,
    locality: metro.city,
    matchCode: 'ExaStr',
    oneLine: `${line1}, ${line2}`,
    postal1,
    postal2: faker.string.numeric(4),
    postal3: `C${faker.string.numeric(3)}`,
  };
}

function buildingOf(faker: Faker, yearbuilt: number): Property['building'] {
  const beds = faker.number.int({ min: 1, max: 6 });
  const bathsfull = faker.number.int({ min: 1, max: Math.max(1, beds - 1) });
  const livingsize = faker.number.int({ min: 650, max: 4800 });
  const hasBasement = faker.datatype.boolean(0.3);
  const fireplaces = faker.number.int({ min: 0, max: 2 });
  const spaces = faker.number.int({ min: 0, max: 3 });
  return {
    size: {
      bldgsize: livingsize + spaces * 200,
      grosssize: livingsize + spaces * 200,
      grosssizeadjusted: livingsize,
      groundfloorsize: Math.round(livingsize * 0.6),
      livingsize,
      universalsize: livingsize,
      sizeInd: 'LIVING SQFT',
    },
    rooms: { bathfixtures: bathsfull * 3, bathsfull, bathstotal: bathsfull, beds, roomsTotal: beds + bathsfull + 2 },
    interior: {
      bsmtsize: hasBasement ? Math.round(livingsize * 0.4) : 0,
      bsmttype: hasBasement ? faker.helpers.arrayElement(['FULL', 'PARTIAL', 'DAYLIGHT']) : 'NONE',
      fplccount: fireplaces,
      fplcind: fireplaces > 0 ? 'Y' : 'N',
      fplctype: fireplaces > 0 ? faker.helpers.arrayElement(['LIVING ROOM', 'FAMILY ROOM', 'MASONRY']) : 'NONE',
    },
    construction: { condition: faker.helpers.arrayElement(CONDITIONS), wallType: faker.helpers.arrayElement(WALLS) },
    parking: { prkgSize: spaces * 200, prkgSpaces: String(spaces) },
    summary: {
      archStyle: faker.helpers.arrayElement(STYLES),
      levels: faker.number.int({ min: 1, max: 3 }),
      quality: faker.helpers.arrayElement(['GOOD', 'AVERAGE', 'FAIR']),
      unitsCount: '1',
      view: faker.helpers.arrayElement(['VIEW - NONE', 'CITY', 'MOUNTAIN', 'WATER']),
      yearbuilteffective: Math.min(2025, yearbuilt + faker.number.int({ min: 0, max: 40 })),
    },
  };
}

/** The property with this record id, or undefined when the demo has no record for it. */
export function propertyFor(recordid: number): Property | undefined {
  if (!isKnownRecordId(recordid)) return undefined;
  const faker = seededFaker('property', recordid);
  const metro = faker.helpers.arrayElement(METROS);
  const yearbuilt = faker.number.int({ min: 1905, max: 2022 });
  const lotsize2 = faker.number.int({ min: 2400, max: 21000 });
  const pool = faker.datatype.boolean(metro.state === 'AZ' || metro.state === 'FL' ? 0.4 : 0.1);
  const lat = metro.lat + faker.number.float({ min: -0.08, max: 0.08 });
  const lon = metro.lon + faker.number.float({ min: -0.1, max: 0.1 });
  const geoIdV4 = { CS: hex32(faker), N1: hex32(faker), N2: hex32(faker), PL: hex32(faker), ZI: hex32(faker) };
  const address = addressOf(faker, metro);
  const lastModified = faker.date.between({ from: '2025-01-01T00:00:00Z', to: '2026-10-31T00:00:00Z' });
  return {
    identifier: {
      Id: recordid,
      fips: metro.fips,
      apn: `${faker.string.numeric(4)}-${faker.string.numeric(3)}-${faker.string.numeric(3)}`,
      recordId: recordid,
      obPropId: Number(`${recordid}${metro.fips}`),
    },
    lot: {
      lotnum: String(faker.number.int({ min: 1, max: 240 })),
      lotsize1: Math.round((lotsize2 / 43560) * 10000) / 10000,
      lotsize2,
      pooltype: pool ? 'POOL' : 'NO POOL',
    },
    area: {
      blockNum: String(faker.number.int({ min: 1, max: 60 })),
      loctype: 'VIEW - NONE',
      countrysecsubd: metro.county,
      countyuse1: '0100',
      muncode: metro.city.slice(0, 2).toUpperCase(),
      munname: metro.city.toUpperCase(),
      srvyRange: `${faker.number.int({ min: 1, max: 30 })}W`,
      srvySection: String(faker.number.int({ min: 1, max: 36 })),
      srvyTownship: `${String(faker.number.int({ min: 1, max: 9 })).padStart(2, '0')}S`,
      subdname: `TR ${faker.number.int({ min: 1000, max: 39999 })}`,
    },
    address,
    location: {
      accuracy: 'Rooftop',
      latitude: lat.toFixed(6),
      longitude: lon.toFixed(6),
      distance: 0,
      geoid: `CO${metro.fips}, PL${metro.fips.slice(0, 2)}${faker.string.numeric(5)}, ZI${address.postal1}`,
      geoIdV4,
    },
    summary: {
      absenteeInd: faker.helpers.arrayElement(['OWNER OCCUPIED', 'OWNER OCCUPIED', 'ABSENTEE(MAIL AND SITUS NOT =)']),
      propclass: 'Single Family Residence / Townhouse',
      propsubtype: 'Residential',
      proptype: 'SFR',
      yearbuilt,
      propLandUse: 'SFR',
      propIndicator: '10',
      legal1: `TRACT # ${faker.number.int({ min: 1000, max: 39999 })} LOT ${faker.number.int({ min: 1, max: 240 })}`,
    },
    utilities: {
      heatingfuel: faker.helpers.arrayElement(['GAS', 'ELECTRIC', 'OIL']),
      heatingtype: faker.helpers.arrayElement(['FORCED AIR', 'HEAT PUMP', 'BASEBOARD', 'RADIANT']),
    },
    building: buildingOf(faker, yearbuilt),
    vintage: { lastModified: isoDate(lastModified), pubDate: isoDate(new Date(lastModified.getTime() + 7 * 86_400_000)) },
  };
}

/** The recorded mortgage; about one in five has no due date on record (an empty string). */
export function mortgageFor(recordid: number): Mortgage {
  const faker = seededFaker('mortgage', recordid);
  const lender = faker.helpers.arrayElement(LENDERS);
  const date = faker.date.between({ from: '2005-01-01T00:00:00Z', to: '2026-06-30T00:00:00Z' });
  const termYears = faker.helpers.arrayElement([15, 30, 30, 30]);
  const due = new Date(Date.UTC(date.getUTCFullYear() + termYears, date.getUTCMonth() + 1, 1));
  return {
    lender: { companycode: lender.code },
    title: { companyname: lender.title },
    amount: faker.number.int({ min: 90, max: 1400 }) * 1000,
    date: isoDate(date),
    deedtype: faker.helpers.arrayElement(['DEED OF TRUST', 'MORTGAGE', 'CONVENTIONAL']),
    duedate: faker.datatype.boolean(0.2) ? '' : isoDate(due),
  };
}

function status(recordid: number, found: boolean): Status {
  const faker = seededFaker('property-transaction', recordid);
  return {
    version: '1.0.0',
    code: found ? 0 : 1,
    msg: found ? 'SuccessWithResult' : 'SuccessWithoutResult',
    total: found ? 1 : 0,
    page: 1,
    pagesize: 10,
    transactionID: hex32(faker),
  };
}

/** The provider's envelope: 200 with the property, or 400 "SuccessWithoutResult" and no property. */
export function propertyAnswer<Property extends object>(recordid: number, property: Property | undefined) {
  if (!property) return providerError(400, { status: status(recordid, false), property: [] });
  return json({ status: status(recordid, true), property: [property] });
}
