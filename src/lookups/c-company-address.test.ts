import { describe, expect, it } from 'vitest';
import { companyAddress, companyAddressResponse, MANAGEMENT_ROLES, MANAGER_FIELDS } from './c-company-address.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { companyAddressSample, companyRecordSample } from './testing/samples/c-company-address.sample.ts';
import { buildRequest, requestTarget } from './request.ts';

const booleans = [
  'franchiser',
  'eCommerce',
  'blocked',
  'relocated',
  'residentialAddress',
  'inactive',
  'smallOffice',
  'multitenants',
  'imports',
  'bankrupt',
  'familyOwned',
  'export',
  'franchisee',
  'nonMailing',
];

// Transcribed from the spec's table "C. Company record" (the body is an array of these).
const spec: SpecField[] = [
  ['[].address.postalCode', 'string'],
  ['[].address.postalCodeMin', 'integer'],
  ['[].address.houseNumber', 'integer'],
  ['[].address.houseNumberExt', 'string', 'nullable'],
  ['[].address.street', 'string'],
  ['[].address.city', 'string'],
  ['[].address.state', 'string'],
  ['[].address.country', 'string'],
  ['[].bxNumber', 'integer'],
  ['[].cocNumber', 'integer'],
  ['[].companyName', 'string'],
  ['[].companyOperational.worktype', 'null'],
  ...booleans.map((name): SpecField => [`[].companyOperational.${name}`, 'boolean']),
  ['[].companyOperational.advertising', 'integer'],
  ['[].companyOperational.legalForm', 'integer'],
  ['[].companyOperational.neighborhoodRegionCode', 'number'],
  ['[].companyOperational.headQuarters', 'string'],
  ['[].companyOperational.creditRiskcolor', 'string'],
  ['[].companyOperational.openingDate', 'string'],
  ['[].companyOperational.branches', 'null'],
  ['[].companyOperational.operational', 'null'],
  ['[].companyOperational.regionCode', 'integer'],
  ['[].emailAddress', 'string'],
  ['[].webSite', 'string'],
  ['[].employees', 'integer'],
  ['[].establishment', 'integer'],
  ['[].geometry.latitude', 'number'],
  ['[].geometry.longitude', 'number'],
  ['[].geometry.rdx', 'null'],
  ['[].geometry.rdy', 'null'],
  ['[].industry.code', 'integer'],
  ['[].industry.description', 'string'],
  ['[].industry.subIndustry[].code', 'integer', 'nullable'],
  ['[].industry.subIndustry[].description', 'string', 'nullable'],
  ['[].mailBoxPostalCode', 'string'],
  ['[].mailBoxPostalCity', 'string'],
  ['[].mailBoxBoxNumber', 'integer'],
  ...MANAGEMENT_ROLES.flatMap((role) => MANAGER_FIELDS.map((field): SpecField => [`[].management.${role}.${field}`, 'string', 'nullable'])),
  ['[].industryMarketSegments', 'string'],
  ['[].naceMarketSegments', 'integer'],
  ...['mobile', 'fax', 'network', 'number', 'country'].map((name): SpecField => [`[].phoneNumber.${name}`, 'string']),
  ['[].minRevenue', 'integer'],
  ['[].maxRevenue', 'integer'],
  ['[].workforceClass', 'integer'],
  ['[].ypCategory', 'string'],
];

const operation = companyAddress.operations[0];
const messages = (input: object) =>
  Object.fromEntries(operation.params.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);

describe('C company address', () => {
  it('has every field of the spec with its type and nullability', () => {
    // address 8 + 3 identities, companyOperational 24, contact/geometry/industry/mailbox 15, management 7×6, the rest 11.
    expect(spec).toHaveLength(11 + 24 + 15 + 42 + 11);
    expect(specFieldProblems(companyAddressResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    const parsed = companyAddressResponse.parse([{ ...companyRecordSample, kvkBranch: 'x' }]);
    expect(parsed[0]).toMatchObject({ companyName: 'Grachtzicht Advies B.V.', kvkBranch: 'x' });
    expect(companyAddressResponse.parse([])).toEqual([]);
  });

  it('reports a wrong type at its path', () => {
    const bad = { ...companyRecordSample, geometry: { ...companyRecordSample.geometry, latitude: '52.37' } };
    expect(companyAddressResponse.safeParse([companyRecordSample, bad]).error?.issues[0]?.path).toEqual([1, 'geometry', 'latitude']);
  });

  it('builds the request with every parameter in the query', () => {
    const params = operation.params.parse({ postcode: '1012LG', house_number: '12', house_number_ext: 'A' });
    expect(requestTarget(buildRequest(operation, params))).toBe('/company/address?postcode=1012LG&house_number=12&house_number_ext=A');
  });

  it('refuses bad parameters with messages per field', () => {
    expect(messages({ postcode: '10/12', house_number: '0', house_number_ext: 'a very long addition' })).toEqual({
      postcode: 'must be a postcode of letters and digits, e.g. 1012LG',
      house_number: 'must be at least 1',
      house_number_ext: 'must be at most 10 characters',
    });
    expect(messages({ house_number: '2.5' })).toEqual({ postcode: 'is required', house_number: 'must be a whole number' });
    expect(messages({ postcode: '1012 LG', house_number: '1' })).toEqual({});
  });

  it('finds the records, their points and labels', () => {
    const records = operation.adapters?.records?.(companyAddressSample);
    expect(records).toHaveLength(1);
    expect(operation.adapters?.records?.([])).toEqual([]);
    expect(operation.adapters?.point?.(records![0])).toEqual({ lat: 52.3745, lon: 4.8979 });
    expect(operation.adapters?.point?.({ geometry: { latitude: 0, longitude: 0 } })).toBeUndefined();
    expect(operation.adapters?.label?.(records![0])).toBe('Grachtzicht Advies B.V.');
  });

  it('marks the managers and the contact details as personal data', () => {
    expect(companyAddress.personalData).toContain('name:*.management.*.name');
    expect(companyAddress.personalData).toContain('name:*.management.*.initials');
    expect(companyAddress.personalData).toContain('contact:*.phoneNumber.mobile');
    expect(companyAddress.personalData).toContain('contact:*.phoneNumber.fax');
    expect(companyAddress.personalData.join()).not.toContain('companyName');
  });
});
