import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import type { Operation, PageInfo, Params, XmlShape } from './define-lookup.ts';
import { param, parseProx } from './param.ts';
import { arrayAt, isRecord, plural, pointFrom, readPath } from './adapters.ts';
import { firstTextAt } from './error-text.ts';

const integer = () => z.number().int();

export const chargingConnectorSchema = z.looseObject({
  supplierName: z.string(),
  connectorType: z.looseObject({ name: z.string(), id: z.string() }),
  chargeCapacity: z.string(),
  maxPowerLevel: z.number(),
  customerChargeLevel: z.string(),
  customerConnectorName: z.string(),
  fixedCable: z.boolean(),
  connectorDetails: z.looseObject({
    privateAccess: z.boolean(),
    open24x7: z.boolean(),
    openingHours: z.looseObject({
      regularOpeningHours: z.array(
        z.looseObject({
          daymask: integer(),
          period: z.array(z.looseObject({ from: z.string(), to: z.string() })),
        }),
      ),
      // Element shape: not shown in the spec.
      annualOpenings: z.array(z.unknown()),
    }),
    pay: z.boolean(),
    manufacturer: z.string(),
  }),
  chargingPoint: z.looseObject({
    chargeMode: z.string(),
    voltsRange: z.string(),
    phases: integer(),
    ampsRange: z.string(),
    numberOfConnectors: integer(),
  }),
});

export const chargingStationSchema = z.looseObject({
  poolId: z.string(),
  totalNumberOfConnectors: integer(),
  connectors: z.looseObject({ connector: z.array(chargingConnectorSchema) }),
  evStationDetails: z.looseObject({
    privateAccess: z.boolean(),
    restrictedAccess: z.boolean(),
    accessibilityType: z.string(),
    paymentMethods: z.looseObject({
      subscription: z.looseObject({ provider: z.string(), accept: z.boolean() }),
      note: z.string(),
    }),
    notes: z.string(),
  }),
  address: z.looseObject({
    city: z.string(),
    country: z.string(),
    region: z.string(),
    street: z.string(),
    streetNumber: z.string(),
    postalCode: z.string(),
  }),
  contacts: z.looseObject({ phone: z.array(z.looseObject({ value: z.string(), label: z.string() })) }),
  distance: integer(),
  position: z.looseObject({ latitude: z.number(), longitude: z.number() }),
  name: z.string(),
  id: z.string(),
  lastUpdateTimestamp: z.string(),
  timeZone: z.string(),
});

export const chargingStationsResponse = z.looseObject({
  hasMore: z.boolean(),
  count: integer(),
  evStations: z.looseObject({ evStation: z.array(chargingStationSchema) }),
});

/** The XML document carries the JSON content under this root; these elements repeat for arrays. */
export const chargingStationsXml: XmlShape = {
  root: 'evStationsResponse',
  arrayElements: ['evStation', 'connector', 'phone', 'regularOpeningHours', 'period', 'annualOpenings'],
};

/** Connector type ids the demo and the form suggest (the provider's numeric connector ids). */
export const CONNECTOR_TYPE_SUGGESTIONS = ['29', '33', '13', '31', '32', '41'] as const;

const params = z.object({
  prox: param.prox({
    in: 'query',
    title: 'Search circle',
    help: 'Centre and radius of the search as lat,lon,radius, e.g. 52.52,13.405,5000.',
    required: true,
    maxRadius: 200_000,
    example: '52.5200,13.4050,3000',
  }),
  connectortype: param.list({
    in: 'query',
    title: 'Connector types',
    help: 'Comma list of numeric connector type ids; a station matches when one of its connectors has one of them (e.g. 29 = Type 2, 33 = CCS Combo 2, 13 = CHAdeMO).',
    item: /^\d+$/,
    itemMessage: 'must be whole-number connector ids separated by commas',
    suggestions: CONNECTOR_TYPE_SUGGESTIONS,
    example: '29,33',
  }),
});

/** The same search circle at half the radius (whole metres, at least 1); undefined when it cannot shrink. */
export function halvedProx(prox: unknown): { prox: string; from: number; to: number } | undefined {
  const circle = typeof prox === 'string' ? parseProx(prox) : undefined;
  if (!circle || circle.radius <= 1) return undefined;
  const to = Math.max(1, Math.round(circle.radius / 2));
  return { prox: `${circle.lat},${circle.lon},${to}`, from: circle.radius, to };
}

/**
 * hasMore says more stations lie within the circle, but the spec gives no page parameter: they
 * cannot be fetched, so the bar says so and offers a smaller circle (one click halves the radius).
 */
export function stationsPaging(body: unknown, params: Params): PageInfo | undefined {
  const count = readPath(body, 'count');
  if (typeof count !== 'number') return undefined;
  if (readPath(body, 'hasMore') !== true) return { summary: plural(count, 'station') };
  const smaller = halvedProx(params.prox);
  const metres = (value: number) => `${value.toLocaleString('en-US')} m`;
  return {
    summary: `${plural(count, 'station')} shown (the nearest); more lie within the circle`,
    narrowing: {
      reason:
        'The spec gives B no page parameter: an answer holds the nearest stations only, so the others within this circle cannot be fetched.',
      advice: 'Use a smaller radius: an answer without hasMore holds every station in its circle.',
      ...(smaller && {
        resend: { label: `Halve the radius (${metres(smaller.from)} → ${metres(smaller.to)})`, params: { ...params, prox: smaller.prox } },
      }),
    },
  };
}

const adapters = {
  // Errors: {error, error_description}, the description being the words for people.
  errorMessage: (body: unknown) => firstTextAt(body, ['error_description', 'error']),
  records: (body: unknown) => arrayAt(body, 'evStations.evStation'),
  paging: (body: unknown, params: Params) => stationsPaging(body, params),
  point: (record: unknown) => pointFrom(record, 'position.latitude', 'position.longitude'),
  label: (record: unknown) => (isRecord(record) ? String(record.name ?? record.id ?? '') : ''),
};

const shared = {
  method: 'GET',
  params,
  example: { prox: '52.5200,13.4050,3000', connectortype: '29,33' },
  defaultTab: 'map',
  response: chargingStationsResponse,
  identity: 'id',
  // Which station, how far and where: the table's first columns (the schema lists them last).
  table: {
    keyColumns: ['name', 'distance', 'address.street', 'address.streetNumber', 'address.city', 'position.latitude', 'position.longitude'],
  },
  adapters,
  locationSearch: { kind: 'prox', param: 'prox' },
  // A station's popup: where it is, how far, and how fast it charges (the distance is in metres).
  map: {
    popup: [
      { label: 'Address', path: ['address.street', 'address.streetNumber'] },
      { label: 'City', path: ['address.postalCode', 'address.city'] },
      { label: 'Distance', path: 'distance', unit: 'm' },
      { label: 'Power', path: 'connectors.connector.*.maxPowerLevel', unit: 'kW' },
      { label: 'Connectors', path: 'totalNumberOfConnectors' },
    ],
    // Connector types sit in an array (one table cell); the station's access type is its own column.
    colorBy: 'evStationDetails.accessibilityType',
    sizeBy: 'totalNumberOfConnectors',
  },
  notes: [
    'At most 20 stations per answer, nearest first; hasMore says that more lie within the circle and count is the number returned.',
    'prox takes the radius in metres, up to 200 km; connectortype takes numeric connector ids.',
    "Demo coverage: stations on land in the whole United States (dense in cities, few in the countryside) and around Berlin, Munich, Paris, London, Amsterdam and Tokyo; elsewhere, and at sea, the demo has none (count 0 means outside the demo). A station's street and number come from the demo's own street grid at its position.",
  ],
} as const satisfies Omit<Operation, 'id' | 'label' | 'path' | 'format'>;

export const chargingStations = defineLookup({
  id: 'B',
  title: 'EV charging stations',
  keywords: ['maps', 'map', 'location', 'charging', 'charger', 'ev', 'electric vehicle', 'electric car', 'plug', 'connector'],
  catalog: {
    subject: 'Electric-vehicle charging stations within a search geometry',
    coverage: 'global',
    version: 'no version in the path',
    price: 'on request',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  // None: a station's address, position and hotline are a public business's, not a person's.
  personalData: [],
  operations: [
    defineOperation({ ...shared, id: 'json', label: 'JSON', path: '/ev/stations.json', format: 'json' }),
    defineOperation({ ...shared, id: 'xml', label: 'XML', path: '/ev/stations.xml', format: 'xml', xml: chargingStationsXml }),
  ],
  notes: [
    'The .xml path returns the same content as the .json path, wrapped in <evStationsResponse>; each array item is a repeated element named after its field.',
    'Station phone numbers are operator hotlines, not personal data.',
  ],
});
