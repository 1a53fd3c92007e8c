import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import type { PageInfo, Params } from './define-lookup.ts';
import { arrayAt, isRecord, plural, pointFrom, readPath, unsetParams } from './adapters.ts';
import { param } from './param.ts';
import { textAt } from './error-text.ts';

const text = () => z.string();

export const sexOffenderRecord = z.looseObject({
  sex_offender_state: text(),
  sex_offender_location: text(),
  sex_offender_zipcode: text(),
  // The provider sends coordinates as strings.
  sex_offender_lat: text(),
  sex_offender_lon: text(),
  sex_offender_name: text(),
  sex_offender_first_name: text(),
  sex_offender_middle_name: text(),
  sex_offender_last_name: text(),
  sex_offender_birthdate: text(),
  sex_offender_age: z.number().int(),
  sex_offender_address_line1: text(),
  sex_offender_address_line2: text(),
  sex_offender_sex: text(),
  sex_offender_race: text(),
  sex_offender_height: text(),
  sex_offender_weight: text(),
  sex_offender_hair: text(),
  sex_offender_eyes: text(),
  sex_offender_marks: text(),
  sex_offender_aliases: text(),
  sex_offender_charges: text(),
  sex_offender_changes: text(),
  sex_offender_is_predator: text(),
  sex_offender_is_absconder: text(),
  sex_offender_image_url: text(),
});

export const sexOffendersResponse = z.looseObject({
  sex_offenders_count: z.number().int(),
  pages_count: z.number().int(),
  sex_offenders: z.array(sexOffenderRecord),
});

/** Records per page (not shown in the spec; there is no page parameter, so a page holds many). */
export const OFFENDERS_PER_PAGE = 100;

/**
 * pages_count counts pages the spec gives no parameter to fetch: a cut answer says so and names
 * the filter that narrows it (the other of zipcode and name; both must then match).
 */
export function offendersPaging(body: unknown, params: Params): PageInfo | undefined {
  const count = readPath(body, 'sex_offenders_count');
  const shown = arrayAt(body, 'sex_offenders')?.length;
  if (typeof count !== 'number' || shown === undefined) return undefined;
  if (count <= shown) return { summary: plural(count, 'record') };
  const missing = unsetParams(params, ['name', 'zipcode']);
  return {
    summary: `${shown.toLocaleString('en-US')} of ${plural(count, 'record')} shown`,
    narrowing: {
      reason: `The spec gives H no page parameter: an answer holds the first ${plural(shown, 'record')}, so the other ${(count - shown).toLocaleString('en-US')} cannot be fetched with this search.`,
      advice:
        missing.length > 0
          ? `Add ${missing.map((name) => (name === 'name' ? 'a name (or part of one)' : 'a zipcode')).join(' or ')}: with both set, a record must match both.`
          : 'Use a longer part of the name: it matches any part of the name, ignoring case.',
    },
  };
}

export const sexOffenders = defineLookup({
  id: 'H',
  title: 'Sex offender registry',
  keywords: ['maps', 'map', 'location', 'offenders', 'public safety', 'zip code'],
  catalog: {
    subject: 'Registered sex offender records, by name or zip code',
    coverage: 'regional (US)',
    version: 'path prefix /v3',
    price: 'on request',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  // The spec calls every sex_offender_ field personal: each is masked by its kind, except the
  // area a search is made for (state, city, zip code), which names no one.
  personalData: [
    'coordinate:sex_offenders.*.sex_offender_lat',
    'coordinate:sex_offenders.*.sex_offender_lon',
    // One person: the full name and its parts read as one stand-in (D-37).
    'full-name:sex_offenders.*.sex_offender_name',
    'first-name:sex_offenders.*.sex_offender_first_name',
    'middle-name:sex_offenders.*.sex_offender_middle_name',
    'last-name:sex_offenders.*.sex_offender_last_name',
    'name:sex_offenders.*.sex_offender_aliases',
    'text:sex_offenders.*.sex_offender_birthdate',
    'number:sex_offenders.*.sex_offender_age',
    'address:sex_offenders.*.sex_offender_address_line1',
    'address:sex_offenders.*.sex_offender_address_line2',
    'text:sex_offenders.*.sex_offender_sex',
    'text:sex_offenders.*.sex_offender_race',
    'text:sex_offenders.*.sex_offender_height',
    'text:sex_offenders.*.sex_offender_weight',
    'text:sex_offenders.*.sex_offender_hair',
    'text:sex_offenders.*.sex_offender_eyes',
    'text:sex_offenders.*.sex_offender_marks',
    'text:sex_offenders.*.sex_offender_charges',
    'text:sex_offenders.*.sex_offender_changes',
    'text:sex_offenders.*.sex_offender_is_predator',
    'text:sex_offenders.*.sex_offender_is_absconder',
    'url:sex_offenders.*.sex_offender_image_url',
  ],
  operations: [
    defineOperation({
      id: 'records',
      label: 'Offender records',
      method: 'GET',
      path: '/v3/sex-offenders/records',
      format: 'json',
      params: z
        .object({
          zipcode: param.text({
            in: 'query',
            title: 'Zip code',
            help: 'Five-digit US zip code of the registered address, e.g. 62701.',
            pattern: /^\d{5}$/,
            patternMessage: 'must be a 5-digit US zip code',
            example: '62701',
          }),
          name: param.text({
            in: 'query',
            title: 'Name',
            help: 'Part of the offender’s name, any case; with a zip code too, both must match.',
            maxLength: 100,
            example: 'Smith',
          }),
        })
        .superRefine((value, ctx) => {
          if (value.zipcode === undefined && value.name === undefined)
            ctx.addIssue({ code: 'custom', path: ['zipcode'], message: 'or name is required', input: value.zipcode });
        }),
      example: { zipcode: '62701' },
      defaultTab: 'map',
      response: sexOffendersResponse,
      identity: ['sex_offender_state', 'sex_offender_name', 'sex_offender_birthdate'],
      table: {
        keyColumns: [
          'sex_offender_name',
          'sex_offender_age',
          'sex_offender_address_line1',
          'sex_offender_location',
          'sex_offender_state',
          'sex_offender_lat',
          'sex_offender_lon',
        ],
      },
      map: {
        popup: [
          { label: 'Address', path: ['sex_offender_address_line1', 'sex_offender_address_line2'] },
          { label: 'Place', path: ['sex_offender_location', 'sex_offender_state', 'sex_offender_zipcode'] },
          { label: 'Charges', path: 'sex_offender_charges' },
        ],
        colorBy: 'sex_offender_is_predator',
      },
      adapters: {
        // Errors (403 bad key, 429 rate limit): {message}.
        errorMessage: (body) => textAt(body, 'message'),
        // Provider errors (403 bad key, 429 rate limit) carry only {message}.
        success: (body) =>
          isRecord(body) && typeof body.message === 'string' && !('sex_offenders' in body)
            ? { ok: false, message: body.message }
            : { ok: true },
        records: (body) => arrayAt(body, 'sex_offenders'),
        paging: (body, params) => offendersPaging(body, params),
        point: (record) => pointFrom(record, 'sex_offender_lat', 'sex_offender_lon'),
        label: (record) => (isRecord(record) ? String(record.sex_offender_name ?? '') : ''),
      },
      notes: [
        'At least one of zipcode and name is required; both together must both match. zipcode is a 5-digit US zip code; name matches any part of the name, ignoring case.',
        `There is no page parameter: pages_count counts pages of ${OFFENDERS_PER_PAGE} records and the answer holds the first.`,
        "Demo coverage: every zip code of the 50 states and DC has registrants (1 to 28, more in a city), living near the real place that names its 3-digit region (10001 New York, 60601 Chicago, 94103 San Francisco). A zip code whose 3-digit prefix is no state's (never assigned, e.g. 000–004 or 213; military APO/FPO 090–098, 340, 962–966; territories such as Puerto Rico 006–009 and Guam 969) answers 0 records: outside the demo. name alone searches the registrants of 30 sample zip codes (Springfield IL 627xx, Dayton, Boise, Bakersfield, Tulsa, Savannah, Spokane, Burlington VT); with zipcode it searches that zip code.",
      ],
    }),
  ],
  notes: ['Every sex_offender_ field is personal data and is masked in demo mode.'],
});
