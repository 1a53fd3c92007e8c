import { describe, expect, it } from 'vitest';
import { chargingStations, chargingStationsResponse } from './b-charging-stations.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { chargingStationsSample } from './testing/samples/b-charging-stations.sample.ts';

const S = 'evStations.evStation[]';
const C = `${S}.connectors.connector[]`;

// Transcribed from the spec's tables "B. Charging stations response", Station and Connector.
const spec: SpecField[] = [
  ['hasMore', 'boolean'],
  ['count', 'integer'],
  ['evStations', 'object'],
  ['evStations.evStation', 'array'],
  [`${S}.poolId`, 'string'],
  [`${S}.totalNumberOfConnectors`, 'integer'],
  [`${S}.connectors`, 'object'],
  [`${S}.connectors.connector`, 'array'],
  [`${S}.evStationDetails.privateAccess`, 'boolean'],
  [`${S}.evStationDetails.restrictedAccess`, 'boolean'],
  [`${S}.evStationDetails.accessibilityType`, 'string'],
  [`${S}.evStationDetails.paymentMethods.subscription.provider`, 'string'],
  [`${S}.evStationDetails.paymentMethods.subscription.accept`, 'boolean'],
  [`${S}.evStationDetails.paymentMethods.note`, 'string'],
  [`${S}.evStationDetails.notes`, 'string'],
  ...(['city', 'country', 'region', 'street', 'streetNumber', 'postalCode'] as const).map(
    (field): SpecField => [`${S}.address.${field}`, 'string'],
  ),
  [`${S}.contacts.phone`, 'array'],
  [`${S}.contacts.phone[].value`, 'string'],
  [`${S}.contacts.phone[].label`, 'string'],
  [`${S}.distance`, 'integer'],
  [`${S}.position.latitude`, 'number'],
  [`${S}.position.longitude`, 'number'],
  [`${S}.name`, 'string'],
  [`${S}.id`, 'string'],
  [`${S}.lastUpdateTimestamp`, 'string'],
  [`${S}.timeZone`, 'string'],
  [`${C}.supplierName`, 'string'],
  [`${C}.connectorType.name`, 'string'],
  [`${C}.connectorType.id`, 'string'],
  [`${C}.chargeCapacity`, 'string'],
  [`${C}.maxPowerLevel`, 'number'],
  [`${C}.customerChargeLevel`, 'string'],
  [`${C}.customerConnectorName`, 'string'],
  [`${C}.fixedCable`, 'boolean'],
  [`${C}.connectorDetails.privateAccess`, 'boolean'],
  [`${C}.connectorDetails.open24x7`, 'boolean'],
  [`${C}.connectorDetails.openingHours.regularOpeningHours[].daymask`, 'integer'],
  [`${C}.connectorDetails.openingHours.regularOpeningHours[].period[].from`, 'string'],
  [`${C}.connectorDetails.openingHours.regularOpeningHours[].period[].to`, 'string'],
  [`${C}.connectorDetails.openingHours.annualOpenings`, 'array'],
  [`${C}.connectorDetails.pay`, 'boolean'],
  [`${C}.connectorDetails.manufacturer`, 'string'],
  [`${C}.chargingPoint.chargeMode`, 'string'],
  [`${C}.chargingPoint.voltsRange`, 'string'],
  [`${C}.chargingPoint.phases`, 'integer'],
  [`${C}.chargingPoint.ampsRange`, 'string'],
  [`${C}.chargingPoint.numberOfConnectors`, 'integer'],
];

const [jsonOperation, xmlOperation] = chargingStations.operations;
const station = chargingStationsSample.evStations.evStation[0]!;

describe('B charging stations', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(chargingStationsResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    const parsed = chargingStationsResponse.parse({ ...chargingStationsSample, vendorExtra: 'x' });
    expect(parsed).toMatchObject({ count: 1, vendorExtra: 'x' });
  });

  it('reports a wrong type at its path', () => {
    const body = structuredClone(chargingStationsSample);
    (body.evStations.evStation[0]!.distance as unknown) = '1234';
    const result = chargingStationsResponse.safeParse(body);
    expect(result.error?.issues[0]?.path).toEqual(['evStations', 'evStation', 0, 'distance']);
  });

  it('offers a JSON and an XML operation on the two paths, opening on the map', () => {
    expect(chargingStations.operations.map((op) => [op.id, op.label, op.path, op.format, op.defaultTab])).toEqual([
      ['json', 'JSON', '/ev/stations.json', 'json', 'map'],
      ['xml', 'XML', '/ev/stations.xml', 'xml', 'map'],
    ]);
    expect(xmlOperation.xml?.arrayElements).toContain('evStation');
    expect(jsonOperation.locationSearch).toEqual({ kind: 'prox', param: 'prox' });
  });

  it('builds the request with prox and connector types in the query', () => {
    const params = jsonOperation.params.parse({ prox: '52.52,13.405,5000', connectortype: '29, 33' });
    expect(requestTarget(buildRequest(xmlOperation, params))).toBe('/ev/stations.xml?prox=52.52%2C13.405%2C5000&connectortype=29%2C33');
  });

  it('refuses bad parameters with messages per field', () => {
    const messages = (values: Record<string, string>) =>
      Object.fromEntries(jsonOperation.params.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);
    expect(messages({})).toEqual({ prox: 'is required' });
    expect(messages({ prox: '52.52,13.405' })).toEqual({ prox: 'must be lat,lon,radius (e.g. 52.52,13.40,5000)' });
    expect(messages({ prox: '52.52,13.405,250000' })).toEqual({ prox: 'radius must be between 1 and 200000 metres' });
    expect(messages({ prox: '52.52,13.405,500', connectortype: '29,type2' })).toEqual({
      connectortype: 'must be whole-number connector ids separated by commas: type2',
    });
  });

  it('reads records, paging, points and labels', () => {
    const { records, paging, point, label } = jsonOperation.adapters;
    expect(records(chargingStationsSample)).toHaveLength(1);
    expect(paging(chargingStationsSample, {})?.summary).toBe('1 station shown (the nearest); more lie within the circle');
    expect(paging({ ...chargingStationsSample, hasMore: false, count: 3 }, {})).toEqual({ summary: '3 stations' });
    expect(point(station)).toEqual({ lat: 52.511234, lon: 13.389876 });
    expect(point({ position: {} })).toBeUndefined();
    expect(label(station)).toBe('Allego Friedrichstraße 68');
  });

  it('has an example that its own parameters accept', () => {
    for (const operation of chargingStations.operations) expect(operation.params.safeParse(operation.example).success).toBe(true);
  });
});
