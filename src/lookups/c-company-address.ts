import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { param } from './param.ts';
import { arrayAt, isRecord, pointFrom } from './adapters.ts';
import { textAt } from './error-text.ts';

const int = z.number().int();
const str = z.string();
const nullableStr = str.nullable();

const manager = z.looseObject({
  initials: nullableStr,
  title: nullableStr,
  name: nullableStr,
  prefix: nullableStr,
  salutation: nullableStr,
  gender: nullableStr,
});

export const MANAGEMENT_ROLES = ['marketing', 'director', 'finance', 'hr', 'sales', 'purchasing', 'facility'] as const;
export const MANAGER_FIELDS = ['initials', 'title', 'name', 'prefix', 'salutation', 'gender'] as const;

export const companyOperationalSchema = z.looseObject({
  // Typed only as "(null)" in the spec: null is accepted; any other value shows as schema drift.
  worktype: z.null(),
  franchiser: z.boolean(),
  eCommerce: z.boolean(),
  blocked: z.boolean(),
  advertising: int,
  relocated: z.boolean(),
  legalForm: int,
  residentialAddress: z.boolean(),
  inactive: z.boolean(),
  smallOffice: z.boolean(),
  neighborhoodRegionCode: z.number(),
  multitenants: z.boolean(),
  imports: z.boolean(),
  headQuarters: str,
  creditRiskcolor: str,
  bankrupt: z.boolean(),
  openingDate: str,
  familyOwned: z.boolean(),
  branches: z.null(),
  operational: z.null(),
  export: z.boolean(),
  regionCode: int,
  franchisee: z.boolean(),
  nonMailing: z.boolean(),
});

export const companyRecordSchema = z.looseObject({
  address: z.looseObject({
    postalCode: str,
    postalCodeMin: int,
    houseNumber: int,
    houseNumberExt: nullableStr,
    street: str,
    city: str,
    state: str,
    country: str,
  }),
  bxNumber: int,
  cocNumber: int,
  companyName: str,
  companyOperational: companyOperationalSchema,
  emailAddress: str,
  webSite: str,
  employees: int,
  establishment: int,
  geometry: z.looseObject({ latitude: z.number(), longitude: z.number(), rdx: z.null(), rdy: z.null() }),
  industry: z.looseObject({
    code: int,
    description: str,
    subIndustry: z.array(z.looseObject({ code: int.nullable(), description: nullableStr })),
  }),
  mailBoxPostalCode: str,
  mailBoxPostalCity: str,
  mailBoxBoxNumber: int,
  management: z.looseObject(
    Object.fromEntries(MANAGEMENT_ROLES.map((role) => [role, manager])) as Record<(typeof MANAGEMENT_ROLES)[number], typeof manager>,
  ),
  industryMarketSegments: str,
  naceMarketSegments: int,
  phoneNumber: z.looseObject({ mobile: str, fax: str, network: str, number: str, country: str }),
  minRevenue: int,
  maxRevenue: int,
  workforceClass: int,
  ypCategory: str,
});

export const companyAddressResponse = z.array(companyRecordSchema);

export const companyAddress = defineLookup({
  id: 'C',
  title: 'Company address',
  keywords: ['company', 'companies', 'business', 'firm', 'postal code', 'zip code', 'geocoding', 'address lookup'],
  catalog: {
    subject: 'Company address data, by postcode and house number',
    coverage: 'global',
    version: 'no version in the path',
    price: 'on request',
    trial: 'none',
  },
  keyTransport: { param: 'api_key' },
  personalData: [
    // The managers are people: who they are, and what their title and salutation tell of them.
    'name:*.management.*.initials',
    'name:*.management.*.name',
    'name:*.management.*.prefix',
    'text:*.management.*.title',
    'text:*.management.*.salutation',
    'text:*.management.*.gender',
    // A small company's e-mail and numbers are often its owner's own.
    'contact:*.emailAddress',
    'contact:*.phoneNumber.mobile',
    'contact:*.phoneNumber.fax',
    'contact:*.phoneNumber.number',
    // A company registered at a residential address is someone's home: its street, number and
    // postcode are masked and its position rounded to about 1 km.
    'address:*[companyOperational.residentialAddress=true].address.street',
    'number:*[companyOperational.residentialAddress=true].address.houseNumber',
    'address:*[companyOperational.residentialAddress=true].address.houseNumberExt',
    'address:*[companyOperational.residentialAddress=true].address.postalCode',
    'coordinate:*[companyOperational.residentialAddress=true].geometry.latitude',
    'coordinate:*[companyOperational.residentialAddress=true].geometry.longitude',
  ],
  operations: [
    defineOperation({
      id: 'address',
      label: 'Companies at an address',
      method: 'GET',
      path: '/company/address',
      format: 'json',
      example: { postcode: '1012LG', house_number: '1' },
      params: z.object({
        postcode: param.text({
          in: 'query',
          title: 'Postcode',
          help: 'Postcode of the address, letters and digits, e.g. 1012LG (spaces are allowed).',
          required: true,
          pattern: /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/,
          patternMessage: 'must be a postcode of letters and digits, e.g. 1012LG',
          example: '1012LG',
        }),
        house_number: param.integer({
          in: 'query',
          title: 'House number',
          help: 'The house number, a whole number from 1.',
          required: true,
          min: 1,
          example: '1',
        }),
        house_number_ext: param.text({
          in: 'query',
          title: 'House number addition',
          help: 'Addition to the house number, e.g. A, 2 or bis. Leave empty for every company at the number.',
          maxLength: 10,
          pattern: /^[A-Za-z0-9 -]+$/,
          patternMessage: 'must be letters and digits, e.g. A',
          example: 'A',
        }),
      }),
      response: companyAddressResponse,
      identity: 'establishment',
      table: {
        keyColumns: [
          'companyName',
          'cocNumber',
          'address.street',
          'address.houseNumber',
          'address.postalCode',
          'address.city',
          'geometry.latitude',
          'geometry.longitude',
        ],
      },
      adapters: {
        // Error bodies are not shown in the spec: {message}, as most JSON APIs of this kind send.
        errorMessage: (body) => textAt(body, 'message'),
        records: (body) => arrayAt(body),
        point: (record) => pointFrom(record, 'geometry.latitude', 'geometry.longitude'),
        label: (record) => (isRecord(record) ? String(record.companyName ?? record.cocNumber ?? '') : ''),
      },
      notes: [
        'postcode and house_number are required; house_number_ext is optional and narrows the answer to one addition.',
        'An address with no companies answers with an empty array.',
        "Demo coverage: every Dutch postcode (1000AA–9999ZZ) in the town its digits belong to (1012 Amsterdam, 6211 Maastricht, 9711 Groningen); about one address in five has no company. The position lies in the postcode's neighbourhood whatever the house number, on land. Any other postcode answers an empty array.",
        'rdx, rdy, worktype, branches and operational are given only as (null) in the spec; other values show as schema drift.',
      ],
    }),
  ],
  notes: [
    'The key parameter name is not shown in the spec; api_key is the default and the server configuration can change it.',
    "Personal data: the management entries (people) by the spec; e-mail address and phone numbers too, because for sole traders they are the owner's own.",
  ],
});
