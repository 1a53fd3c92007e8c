// K's demo directory: the fleets of a dozen airlines, with registrations in each country's format,
// ICAO addresses from each country's block and the provider's all-string values.
import type { z } from 'zod';
import { ZERO_DATE, type airplaneResponse } from '../lookups/k-airplanes.ts';
import { seededFaker } from './seeded.ts';

export type DemoAirplane = z.infer<typeof airplaneResponse>;
type Faker = ReturnType<typeof seededFaker>;

/**
 * productionLine, airplaneIataType, planeModel, short and long IATA codes, engines, model-code
 * template and series choices ({c} is the Boeing customer code, {s} the series).
 */
type PlaneType = readonly [string, string, string, string, string, number, string, readonly string[]];
const TYPES: Record<string, PlaneType> = {
  A319: ['Airbus A318/A319/A320/A321', 'A319-100', 'A319', '319', 'A319', 2, 'A319-{s}', ['112', '114', '131']],
  A320: ['Airbus A318/A319/A320/A321', 'A320-200', 'A320', '320', 'A320', 2, 'A320-{s}', ['211', '214', '232']],
  A20N: ['Airbus A318/A319/A320/A321', 'A320-200N', 'A320', '32N', 'A20N', 2, 'A320-{s}', ['251N', '271N']],
  A321: ['Airbus A318/A319/A320/A321', 'A321-200', 'A321', '321', 'A321', 2, 'A321-{s}', ['211', '231']],
  A333: ['Airbus A330', 'A330-300', 'A330', '333', 'A333', 2, 'A330-{s}', ['342', '343']],
  A359: ['Airbus A350', 'A350-900', 'A350', '359', 'A359', 2, 'A350-{s}', ['941']],
  A388: ['Airbus A380', 'A380-800', 'A380', '388', 'A388', 4, 'A380-{s}', ['841', '861']],
  B738: ['Boeing 737 NG', 'B737-800', 'B737', '738', 'B738', 2, 'B737-{s}', ['8{c}']],
  B38M: ['Boeing 737 MAX', 'B737-8', 'B737 MAX', '7M8', 'B38M', 2, 'B737-{s} MAX', ['8{c}']],
  B763: ['Boeing 767', 'B767-300ER', 'B767', '763', 'B763', 2, 'B767-{s}ER', ['3{c}']],
  B77W: ['Boeing 777', 'B777-300ER', 'B777', '77W', 'B77W', 2, 'B777-{s}ER', ['3{c}']],
  B789: ['Boeing 787', 'B787-9', 'B787', '789', 'B789', 2, 'B787-{s}', ['9{c}']],
  E75L: ['Embraer E-Jet', 'E175', 'ERJ-170', 'E75', 'E75L', 2, 'ERJ 170-{s} LR', ['200']],
};

interface Airline {
  iata: string;
  icao: string;
  name: string;
  /** First and last address of the country's ICAO 24-bit block. */
  hexBlock: readonly [number, number];
  /** Boeing customer code, the tail of model codes like B737-823. */
  boeingCustomer: string;
  registration: (faker: Faker) => string;
  fleet: Readonly<Record<string, number>>;
}

const letters = (faker: Faker, count: number) => faker.string.alpha({ length: count, casing: 'upper' });
const digits = (faker: Faker, count: number) => faker.string.numeric({ length: count, allowLeadingZeros: false });

const US: readonly [number, number] = [0xa00001, 0xadf7c7];
const AIRLINES: readonly Airline[] = [
  {
    iata: 'AA',
    icao: 'AAL',
    name: 'American Airlines',
    hexBlock: US,
    boeingCustomer: '23',
    registration: (f) => `N${digits(f, 3)}${f.helpers.arrayElement(['AA', 'AN', 'NN'])}`,
    fleet: { B738: 40, A321: 30, B789: 10, B77W: 6, E75L: 12 },
  },
  {
    iata: 'DL',
    icao: 'DAL',
    name: 'Delta Air Lines',
    hexBlock: US,
    boeingCustomer: '32',
    registration: (f) => `N${digits(f, 3)}${f.helpers.arrayElement(['DN', 'DU', 'DZ'])}`,
    fleet: { A321: 30, B738: 25, A359: 8, B763: 10, A333: 6 },
  },
  {
    iata: 'UA',
    icao: 'UAL',
    name: 'United Airlines',
    hexBlock: US,
    boeingCustomer: '24',
    registration: (f) => `N${digits(f, 5)}`,
    fleet: { B38M: 25, A320: 20, B789: 12, B77W: 8, B763: 6 },
  },
  {
    iata: 'LH',
    icao: 'DLH',
    name: 'Lufthansa',
    hexBlock: [0x3c0001, 0x3fffff],
    boeingCustomer: '30',
    registration: (f) => `D-AI${letters(f, 2)}`,
    fleet: { A320: 20, A20N: 12, A321: 10, A359: 10, A388: 4, B789: 4 },
  },
  {
    iata: 'BA',
    icao: 'BAW',
    name: 'British Airways',
    hexBlock: [0x400001, 0x43ffff],
    boeingCustomer: '36',
    registration: (f) => `G-${f.helpers.arrayElement(['EU', 'TT', 'XW', 'ZB', 'ST'])}${letters(f, 2)}`,
    fleet: { A319: 12, A320: 18, A388: 6, B77W: 8, B789: 10 },
  },
  {
    iata: 'AF',
    icao: 'AFR',
    name: 'Air France',
    hexBlock: [0x380001, 0x3bffff],
    boeingCustomer: '28',
    registration: (f) => `F-${f.helpers.arrayElement(['GK', 'HB', 'HT', 'GS'])}${letters(f, 2)}`,
    fleet: { A319: 8, A320: 14, A359: 10, B77W: 10 },
  },
  {
    iata: 'EK',
    icao: 'UAE',
    name: 'Emirates',
    hexBlock: [0x896001, 0x896fff],
    boeingCustomer: '1H',
    registration: (f) => `A6-E${letters(f, 2)}`,
    fleet: { A388: 14, B77W: 18 },
  },
  {
    iata: 'QF',
    icao: 'QFA',
    name: 'Qantas',
    hexBlock: [0x7c0001, 0x7fffff],
    boeingCustomer: '38',
    registration: (f) => `VH-${letters(f, 3)}`,
    fleet: { B738: 16, A333: 6, B789: 6, A388: 4 },
  },
  {
    iata: 'SQ',
    icao: 'SIA',
    name: 'Singapore Airlines',
    hexBlock: [0x768001, 0x76bfff],
    boeingCustomer: '12',
    registration: (f) => `9V-S${letters(f, 2)}`,
    fleet: { A359: 14, B77W: 8, A388: 5, B38M: 6 },
  },
  {
    iata: 'KL',
    icao: 'KLM',
    name: 'KLM Royal Dutch Airlines',
    hexBlock: [0x480001, 0x487fff],
    boeingCustomer: '06',
    registration: (f) => `PH-B${letters(f, 2)}`,
    fleet: { B738: 14, B789: 8, B77W: 6, E75L: 8 },
  },
  {
    iata: 'NH',
    icao: 'ANA',
    name: 'All Nippon Airways',
    hexBlock: [0x840001, 0x87ffff],
    boeingCustomer: '81',
    registration: (f) => `JA${digits(f, 3)}A`,
    fleet: { B789: 12, B763: 8, A321: 8, B77W: 6 },
  },
  {
    iata: 'FR',
    icao: 'RYR',
    name: 'Ryanair',
    hexBlock: [0x4ca001, 0x4cafff],
    boeingCustomer: 'AS',
    registration: (f) => `EI-${f.helpers.arrayElement(['D', 'E', 'F', 'G', 'H'])}${letters(f, 2)}`,
    fleet: { B738: 40, B38M: 14 },
  },
];

/** The demo's clock (H's ages are counted on the same day): fixed, so the directory never changes between runs. */
export const AS_OF = Date.UTC(2026, 10, 1);
const YEAR_MS = 365.25 * 86_400_000;

function airplane(id: number, airline: Airline, typeCode: string, faker: Faker, registration: string, hex: string): DemoAirplane {
  const [productionLine, airplaneIataType, planeModel, short, long, engines, modelTemplate, seriesChoices] = TYPES[typeCode]!;
  const airbus = productionLine.startsWith('Airbus');
  // Whole days, as the provider's dates are.
  const firstFlight = new Date(
    Math.floor(faker.date.between({ from: '2000-01-01T00:00:00Z', to: '2024-06-30T00:00:00Z' }).getTime() / 86_400_000) * 86_400_000,
  );
  const delivery = new Date(firstFlight.getTime() + faker.number.int({ min: 14, max: 60 }) * 86_400_000);
  const series = faker.helpers.arrayElement(seriesChoices).replace('{c}', airline.boeingCustomer);
  const status = faker.helpers.weightedArrayElement([
    { value: 'active', weight: 90 },
    { value: 'stored', weight: 7 },
    { value: 'retired', weight: 3 },
  ]);
  return {
    airplaneId: String(id),
    numberRegistration: registration,
    productionLine,
    airplaneIataType,
    planeModel,
    modelCode: modelTemplate.replace('{s}', series),
    hexIcaoAirplane: hex,
    codeIataPlaneShort: short,
    codeIataPlaneLong: long,
    constructionNumber: airbus ? digits(faker, 4) : digits(faker, 5),
    numberTestRgistration: airbus ? `${faker.helpers.arrayElement(['F-WW', 'D-AV'])}${letters(faker, 2)}` : '',
    rolloutDate: faker.datatype.boolean(0.2) ? new Date(firstFlight.getTime() - 20 * 86_400_000).toISOString() : ZERO_DATE,
    firstFlight: firstFlight.toISOString(),
    deliveryDate: delivery.toISOString(),
    // Registered on delivery, or re-registered later (a new owner or lessor), never after the clock.
    registrationDate: faker.datatype.boolean(0.7)
      ? delivery.toISOString()
      : new Date(Math.floor(faker.date.between({ from: delivery, to: AS_OF }).getTime() / 86_400_000) * 86_400_000).toISOString(),
    lineNumber: airbus ? '' : digits(faker, 4),
    planeSeries: series,
    codeIataAirline: airline.iata,
    codeIcaoAirline: airline.icao,
    planeOwner: airline.name,
    enginesCount: String(engines),
    enginesType: 'JET',
    planeAge: String(Math.floor((AS_OF - delivery.getTime()) / YEAR_MS)),
    planeStatus: status,
  };
}

function buildFleet(): DemoAirplane[] {
  const planes: DemoAirplane[] = [];
  const registrations = new Set<string>();
  const hexes = new Set<string>();
  for (const airline of AIRLINES) {
    const faker = seededFaker('K', airline.iata);
    for (const [typeCode, count] of Object.entries(airline.fleet)) {
      for (let index = 0; index < count; index++) {
        let registration = airline.registration(faker);
        while (registrations.has(registration)) registration = airline.registration(faker);
        let hex = '';
        while (hex === '' || hexes.has(hex))
          hex = faker.number.int({ min: airline.hexBlock[0], max: airline.hexBlock[1] }).toString(16).toUpperCase().padStart(6, '0');
        registrations.add(registration);
        hexes.add(hex);
        planes.push(airplane(planes.length + 1, airline, typeCode, faker, registration, hex));
      }
    }
  }
  return planes;
}

let cached: DemoAirplane[] | undefined;

/** The whole demo directory, in airplaneId order. */
export function demoFleet(): readonly DemoAirplane[] {
  cached ??= buildFleet();
  return cached;
}
