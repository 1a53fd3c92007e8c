// What D (property detail) and G (property mortgage) share: the envelope, the property sections of
// the spec's table "D and G. Property response", the two parameters and the adapters.
import { z } from 'zod';
import type { PageInfo, ResponseAdapters } from './define-lookup.ts';
import { arrayAt, isRecord, pointFrom, readPath, toNumber } from './adapters.ts';
import { param } from './param.ts';
import { textAt } from './error-text.ts';

const int = z.number().int();
const str = z.string();

export const propertyStatusSchema = z.looseObject({
  version: str,
  code: int,
  msg: str,
  total: int,
  page: int,
  pagesize: int,
  transactionID: str,
});

const building = z.looseObject({
  size: z.looseObject({
    bldgsize: int,
    grosssize: int,
    grosssizeadjusted: int,
    groundfloorsize: int,
    livingsize: int,
    universalsize: int,
    sizeInd: str,
  }),
  rooms: z.looseObject({ bathfixtures: int, bathsfull: int, bathstotal: int, beds: int, roomsTotal: int }),
  interior: z.looseObject({ bsmtsize: int, bsmttype: str, fplccount: int, fplcind: str, fplctype: str }),
  construction: z.looseObject({ condition: str, wallType: str }),
  parking: z.looseObject({ prkgSize: int, prkgSpaces: str }),
  summary: z.looseObject({ archStyle: str, levels: int, quality: str, unitsCount: str, view: str, yearbuilteffective: int }),
});

export const propertySchema = z.looseObject({
  identifier: z.looseObject({
    Id: int,
    fips: str,
    apn: str,
    recordId: int,
    // The spec lists obPropId without a type; providers of this kind send it as a number.
    obPropId: int,
  }),
  lot: z.looseObject({ lotnum: str, lotsize1: z.number(), lotsize2: z.number(), pooltype: str }),
  area: z.looseObject({
    blockNum: str,
    loctype: str,
    countrysecsubd: str,
    countyuse1: str,
    muncode: str,
    munname: str,
    srvyRange: str,
    srvySection: str,
    srvyTownship: str,
    subdname: str,
  }),
  address: z.looseObject({
    country: str,
    countrySubd: str,
    line1: str,
    line2: str,
    locality: str,
    matchCode: str,
    oneLine: str,
    postal1: str,
    postal2: str,
    postal3: str,
  }),
  location: z.looseObject({
    accuracy: str,
    latitude: str,
    longitude: str,
    distance: z.number(),
    geoid: str,
    geoIdV4: z.looseObject({ CS: str, N1: str, N2: str, PL: str, ZI: str }),
  }),
  summary: z.looseObject({
    absenteeInd: str,
    propclass: str,
    propsubtype: str,
    proptype: str,
    yearbuilt: int,
    propLandUse: str,
    propIndicator: str,
    legal1: str,
  }),
  utilities: z.looseObject({ heatingfuel: str, heatingtype: str }),
  building,
  vintage: z.looseObject({ lastModified: str, pubDate: str }),
});

export const mortgageSchema = z.looseObject({
  lender: z.looseObject({ companycode: str }),
  title: z.looseObject({ companyname: str }),
  amount: z.number(),
  // Both dates may be empty strings (no date recorded).
  date: str,
  deedtype: str,
  duedate: str,
});

export const propertyWithMortgageSchema = propertySchema.extend({ mortgage: mortgageSchema });

export function propertyEnvelope<T extends z.ZodType>(property: T) {
  return z.looseObject({ status: propertyStatusSchema, property: z.array(property) });
}

/** accept and recordid, the same for both endpoints. */
export const propertyParams = z.object({
  accept: param.enum({
    in: 'query',
    title: 'Accept',
    help: 'Media type asked of the provider. The explorer reads the answer as JSON, as the spec gives it.',
    options: ['application/json', 'application/xml'],
    defaultHint: 'application/json',
    example: 'application/json',
  }),
  recordid: param.integer({
    in: 'query',
    title: 'Property record id',
    help: "The provider's numeric record id of the property.",
    required: true,
    min: 1,
    example: '184713191',
  }),
});

export const propertyExample = { accept: 'application/json', recordid: '184713191' } as const;

const properties = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'property' : 'properties'}`;

/**
 * status.total, page and pagesize, read without promising pages: the spec gives D and G no page
 * parameter, so an answer that holds fewer properties than status.total says the rest cannot be fetched.
 */
function propertyPaging(body: unknown): PageInfo | undefined {
  const total = toNumber(readPath(body, 'status.total'));
  const pagesize = toNumber(readPath(body, 'status.pagesize'));
  if (total === undefined || pagesize === undefined) return undefined;
  if (total === 0) return { summary: 'No properties' };
  const shown = arrayAt(body, 'property')?.length ?? Math.min(total, pagesize);
  if (total <= shown) return { summary: properties(total) };
  return {
    summary: `${shown.toLocaleString('en-US')} of ${properties(total)} shown`,
    narrowing: {
      reason: `The spec gives this lookup no page parameter: only the answer's ${properties(shown)} can be fetched, not the other ${(total - shown).toLocaleString('en-US')}.`,
      advice: 'recordid is the only filter: ask for one record id at a time.',
    },
  };
}

export const propertyAdapters: ResponseAdapters = {
  // Failures (e.g. "SuccessWithoutResult" on HTTP 400) say what happened in status.msg.
  errorMessage: (body) => textAt(body, 'status.msg'),
  // status.code 0 is success; anything else (e.g. "SuccessWithoutResult" on HTTP 400) is not.
  success: (body) => {
    const code = readPath(body, 'status.code');
    const msg = readPath(body, 'status.msg');
    if (code === 0) return { ok: true, ...(typeof msg === 'string' && { message: msg }) };
    return { ok: false, message: typeof msg === 'string' ? msg : 'The body carries no status.code 0' };
  },
  records: (body) => arrayAt(body, 'property'),
  // The spec has no paging parameter for D and G, so there are no neighbouring pages to offer.
  paging: (body) => propertyPaging(body),
  point: (record) => pointFrom(record, 'location.latitude', 'location.longitude'),
  label: (record) => {
    if (!isRecord(record)) return '';
    const oneLine = readPath(record, 'address.oneLine');
    return typeof oneLine === 'string' && oneLine ? oneLine : `Property ${String(readPath(record, 'identifier.Id') ?? '')}`;
  },
};

/**
 * A property is someone's home: what leads to the house is masked (street line, the one-line
 * address, ZIP+4, the parcel's APN, lot and legal description, an owner section when a provider
 * sends one) and its rooftop coordinates are rounded to about 1 km. City, state, ZIP and the
 * building's facts stay: they describe an area and a house, not whose it is or where exactly.
 */
export const propertyPersonalData = [
  'address:property.*.address.line1',
  'address:property.*.address.oneLine',
  'text:property.*.address.postal2',
  'coordinate:property.*.location.latitude',
  'coordinate:property.*.location.longitude',
  'text:property.*.identifier.apn',
  'text:property.*.lot.lotnum',
  'text:property.*.summary.legal1',
  'name:property.*.owner',
] as const;

export const propertyNotes = [
  'accept is optional and defaults to application/json; the spec gives every body as JSON, so the explorer reads JSON whichever value is sent.',
  "recordid is a positive whole number (the provider's record id).",
  'The spec has no paging parameter: the paging bar summarises status.total and pagesize and says when an answer holds fewer properties than status.total.',
  'Personal data: none of the fields is personal by the spec, but a property is a home: masking replaces the street line, the one-line address, ZIP+4, APN, lot number, legal description and any owner section, and rounds the rooftop coordinates to about 1 km (the map still shows the area).',
  'obPropId has no type in the spec; it is read as a whole number, as providers of this kind send it.',
] as const;
