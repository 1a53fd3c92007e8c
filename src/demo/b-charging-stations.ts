// Demo for B: the charging stations of the consistent demo world within the prox circle, nearest
// first, filtered by connector type, 20 per answer; the .xml path sends the same content as XML.
import { parseProx } from '../lookups/param.ts';
import { toXml } from '../lookups/xml.ts';
import { chargingStations } from '../lookups/b-charging-stations.ts';
import { byOperation, json, providerError, xml, type DemoRequestFor, defineDemo } from './demo-types.ts';
import { seededFaker, seedFrom } from './seeded.ts';
import { createRng, type Rng } from './seeded.ts';
import type { Cell } from './geo-world.ts';
import { CELL_DEGREES, cellCount, cellRng, entitiesWithin, fillPattern, placeAt, pointInCell, round } from './geo-world.ts';
import { streetAddress } from './street-grid.ts';

/** Stations per answer (the provider's page size is not shown; 20 keeps the map readable). */
export const STATIONS_PER_ANSWER = 20;
/** Stations in a cell at a city centre. */
const PEAK_STATIONS_PER_CELL = 30;

interface ConnectorKind {
  id: string;
  name: string;
  customerName: string;
  chargeMode: string;
  voltsRange: string;
  phases: number;
  powers: readonly number[];
  fixedCable: boolean;
}

const KINDS: Record<string, ConnectorKind> = {
  '29': {
    id: '29',
    name: 'IEC 62196-2 type 2 (Mennekes)',
    customerName: 'Type 2 socket',
    chargeMode: 'Mode 3',
    voltsRange: '230-400V',
    phases: 3,
    powers: [11, 22],
    fixedCable: false,
  },
  '33': {
    id: '33',
    name: 'IEC 62196-3 type 2 combo (Mennekes)',
    customerName: 'CCS Combo 2',
    chargeMode: 'Mode 4',
    voltsRange: '400-920V',
    phases: 0,
    powers: [50, 150, 300],
    fixedCable: true,
  },
  '13': {
    id: '13',
    name: 'JEVS G 105 (CHAdeMO)',
    customerName: 'CHAdeMO',
    chargeMode: 'Mode 4',
    voltsRange: '50-500V',
    phases: 0,
    powers: [50],
    fixedCable: true,
  },
  '31': {
    id: '31',
    name: 'IEC 62196-2 type 1 (SAE J1772)',
    customerName: 'J1772',
    chargeMode: 'Mode 3',
    voltsRange: '208-240V',
    phases: 1,
    powers: [7.2, 9.6],
    fixedCable: true,
  },
  '32': {
    id: '32',
    name: 'IEC 62196-3 type 1 combo (SAE J1772)',
    customerName: 'CCS Combo 1',
    chargeMode: 'Mode 4',
    voltsRange: '200-920V',
    phases: 0,
    powers: [50, 150, 350],
    fixedCable: true,
  },
  '41': {
    id: '41',
    name: 'Tesla connector (NACS)',
    customerName: 'NACS',
    chargeMode: 'Mode 4',
    voltsRange: '400-500V',
    phases: 0,
    powers: [250],
    fixedCable: true,
  },
};

/** Which connectors each region's stations carry: AC first, then fast DC. */
function kindsFor(country: string): readonly string[] {
  if (country === 'US') return ['31', '32', '41', '13'];
  if (country === 'JP') return ['13', '31'];
  return ['29', '33', '13'];
}

const OPERATORS: Record<string, readonly string[]> = {
  DE: ['Allego', 'EnBW', 'Ionity', 'Vattenfall', 'E.ON Drive', 'Stromnetz Berlin'],
  US: ['ChargePoint', 'Electrify America', 'EVgo', 'Blink', 'Tesla'],
  JP: ['e-Mobility Power', 'Nissan', 'ENEOS'],
  other: ['Allego', 'Ionity', 'Shell Recharge', 'Fastned', 'TotalEnergies'],
};

interface StationSeed {
  lat: number;
  lon: number;
  cell: Cell;
  index: number;
  /** Connector kinds present, decided cheaply so filtering needs no full station. */
  kinds: readonly string[];
}

function stationsOfCell(cell: Cell): StationSeed[] {
  const rng = cellRng('B', cell);
  const count = cellCount(rng, cell, PEAK_STATIONS_PER_CELL);
  const kinds = kindsFor(placeAt(cell.south + CELL_DEGREES / 2, cell.west + CELL_DEGREES / 2).country);
  return Array.from({ length: count }, (_, index) => {
    const point = pointInCell(rng, cell);
    const fast = rng.chance(0.35);
    const present = fast ? [kinds[0]!, ...kinds.slice(1).filter(() => rng.chance(0.6))] : [kinds[0]!];
    if (fast && present.length === 1) present.push(kinds[1]!);
    return { ...point, cell, index, kinds: present };
  });
}

function connector(rng: Rng, kindId: string, operator: string) {
  const kind = KINDS[kindId]!;
  const power = rng.pick(kind.powers);
  const dc = kind.phases === 0;
  const amps = dc
    ? Math.round((power * 1000) / 400)
    : kind.phases === 3
      ? Math.round((power * 1000) / (3 * 230))
      : Math.round((power * 1000) / 240);
  const open24x7 = rng.chance(0.8);
  return {
    supplierName: operator,
    connectorType: { name: kind.name, id: kind.id },
    chargeCapacity: `${power} kW ${dc ? 'DC' : 'AC'}, ${kind.voltsRange}, up to ${amps} A`,
    maxPowerLevel: power,
    customerChargeLevel: dc ? 'DC fast' : 'AC level 2',
    customerConnectorName: kind.customerName,
    fixedCable: kind.fixedCable,
    connectorDetails: {
      privateAccess: false,
      open24x7,
      openingHours: {
        regularOpeningHours: open24x7
          ? []
          : [
              {
                daymask: rng.pick([31, 63, 127]),
                period: [{ from: rng.pick(['06:00:00', '07:00:00', '08:00:00']), to: rng.pick(['20:00:00', '22:00:00']) }],
              },
            ],
        annualOpenings: [],
      },
      pay: true,
      manufacturer: rng.pick(dc ? ['ABB', 'Alpitronic', 'Tritium', 'Kempower'] : ['Mennekes', 'Wallbe', 'Compleo', 'ABB']),
    },
    chargingPoint: {
      chargeMode: kind.chargeMode,
      voltsRange: kind.voltsRange,
      phases: kind.phases,
      ampsRange: `0-${amps}A`,
      numberOfConnectors: rng.int(1, dc ? 4 : 2),
    },
  };
}

function station(seed: StationSeed, distance: number) {
  const rng = createRng(seedFrom('B-station', seed.cell.i, seed.cell.j, seed.index));
  const faker = seededFaker('B-station', seed.cell.i, seed.cell.j, seed.index);
  // The address is the nearest place's, on the street of the demo's grid where the station stands.
  const city = placeAt(seed.lat, seed.lon);
  const operator = rng.pick(OPERATORS[city.country] ?? OPERATORS.other!);
  const { street, number } = streetAddress(city, seed.lat, seed.lon);
  const streetNumber = String(number);
  const connectors = seed.kinds.map((kind) => connector(rng, kind, operator));
  const restricted = rng.chance(0.1);
  const id = faker.string.hexadecimal({ length: 12, casing: 'lower', prefix: '' });
  return {
    poolId: faker.string.hexadecimal({ length: 12, casing: 'lower', prefix: '' }),
    totalNumberOfConnectors: connectors.reduce((sum, entry) => sum + entry.chargingPoint.numberOfConnectors, 0),
    connectors: { connector: connectors },
    evStationDetails: {
      privateAccess: false,
      restrictedAccess: restricted,
      accessibilityType: restricted ? 'Restricted' : 'Public',
      paymentMethods: {
        subscription: { provider: rng.pick(['Plugsurfing', 'Shell Recharge', 'ChargePoint', operator]), accept: true },
        note: rng.pick(['Pay by app or RFID card', 'Contactless card payment at the charger', 'Pay by app']),
      },
      notes: rng.pick([
        '',
        'Entrance from the car park on the ground floor.',
        'Customers only during opening hours.',
        'Two bays reserved for electric vehicles.',
      ]),
    },
    address: {
      city: city.name,
      country: city.country3,
      region: city.region,
      street,
      streetNumber,
      postalCode: fillPattern(rng, city.postal),
    },
    contacts: { phone: [{ value: faker.phone.number({ style: 'international' }), label: 'Hotline' }] },
    distance: Math.round(distance),
    position: { latitude: round(seed.lat, 6), longitude: round(seed.lon, 6) },
    name: `${operator} ${street} ${streetNumber}`,
    id: `${city.country3.toLowerCase()}-${id}`,
    lastUpdateTimestamp: new Date(Date.UTC(2026, 9, 1) + rng.int(0, 50 * 86_400_000)).toISOString(),
    timeZone: city.timeZone,
  };
}

type StationsRequest = DemoRequestFor<(typeof chargingStations)['operations'][number]>;

const BAD_PROX = { error: 'Bad Request', error_description: 'prox must be lat,lon,radius' };

/** The stations within the prox circle, nearest first, in the provider's body; undefined for a malformed prox. */
function stationsBody({ params }: StationsRequest) {
  const prox = parseProx(params.prox);
  if (!prox) return undefined;
  const wanted = params.connectortype ? new Set(params.connectortype) : undefined;
  const found = entitiesWithin(prox.lat, prox.lon, prox.radius, stationsOfCell)
    .filter(({ entity }) => !wanted || entity.kinds.some((kind) => wanted.has(kind)))
    .sort((a, b) => a.distance - b.distance);
  const page = found.slice(0, STATIONS_PER_ANSWER).map(({ entity, distance }) => station(entity, distance));
  return { hasMore: found.length > page.length, count: page.length, evStations: { evStation: page } };
}

export const chargingStationsDemo = defineDemo(
  chargingStations,
  byOperation<typeof chargingStations>({
    json: (request) => {
      const body = stationsBody(request);
      return body ? json(body) : providerError(400, BAD_PROX);
    },
    xml: (request) => {
      const body = stationsBody(request);
      return body ? xml(toXml(body, request.operation)) : providerError(400, BAD_PROX);
    },
  }),
);
