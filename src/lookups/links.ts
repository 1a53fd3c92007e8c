// The links between lookups, declared once: where one lookup's record holds what another lookup
// asks for (the spec's fields meeting its parameters). Each is checked by defineLink's types against
// both definitions; at run time the table is plain data (the definitions are not imported), so the
// "Look up…" menu, "Run over these results" and the place dossier read it without loading them.
import { defineLink, definePointLink, type LinkFill, type LookupLink, type OperationIdOf } from './link-types.ts';
import type { LookupId } from './define-lookup.ts';

/** The time window a link fills where the target requires one: the spec's examples' week, which the demo covers. */
export const LINK_WINDOW = { datetime_ini: '2024-05-01T00:00:00.000Z', datetime_end: '2024-05-08T00:00:00.000Z' } as const;
/** Which parameters hold the window's start and end (the dossier sets its own window through them). */
export const LINK_WINDOW_PARAMS = { from: 'datetime_ini', to: 'datetime_end' } as const satisfies Record<
  'from' | 'to',
  keyof typeof LINK_WINDOW
>;
/** The radius a link searches around a record: one mile, in metres for B's prox. */
export const LINK_RADIUS_METRES = 1609;

const windowFill = { datetime_ini: { value: LINK_WINDOW.datetime_ini }, datetime_end: { value: LINK_WINDOW.datetime_end } } as const;
const distanceRadius = { param: 'distance', unit: 'distance' } as const;
const proxRadius = { param: 'prox', unit: 'prox' } as const;
/** lat/lon from the record's point, as any record with coordinates feeds L and M. */
const pointFill = { lat: { point: 'lat' }, lon: { point: 'lon' }, distance: { value: '1mi' }, ...windowFill } as const;

/** What a record's point feeds: B, L and M around it. */
const pointLinks = [
  { what: 'Crime incidents', link: definePointLink({ to: 'L', fill: pointFill, radius: distanceRadius }) },
  { what: '911 calls', link: definePointLink({ to: 'M', fill: pointFill, radius: distanceRadius }) },
  { what: 'Charging stations', link: definePointLink({ to: 'B', fill: { prox: { prox: LINK_RADIUS_METRES } }, radius: proxRadius }) },
];

/** A record's coordinates → B, L and M, for an operation whose definition reads a point (its `point` adapter). */
function nearby<const From extends LookupId>(
  from: From,
  fromOperation: OperationIdOf<From>,
  recordsAt: string,
  what: string,
): LookupLink[] {
  return pointLinks.map(({ what: target, link }) => ({ ...link, from, fromOperation, recordsAt, label: `${target} near this ${what}` }));
}

/** Every link, by source. Field links are typed against the source's record; point links against the target. */
export const lookupLinks: readonly LookupLink[] = [
  // A property: its record id → its mortgage (G), its zip code → registered offenders (H), its rooftop → B, L, M.
  defineLink({
    from: 'D',
    fromOperation: 'detail',
    recordsAt: 'property',
    to: 'G',
    label: 'Mortgage of this property',
    fill: { recordid: { field: 'identifier.recordId' } },
  }),
  defineLink({
    from: 'D',
    fromOperation: 'detail',
    recordsAt: 'property',
    to: 'H',
    label: 'Registered offenders in this zip code',
    fill: { zipcode: { field: 'address.postal1' } },
  }),
  defineLink({
    from: 'D',
    fromOperation: 'detail',
    recordsAt: 'property',
    to: 'L',
    label: 'Crime incidents near this property',
    fill: { lat: { field: 'location.latitude' }, lon: { field: 'location.longitude' }, distance: { value: '1mi' }, ...windowFill },
    radius: distanceRadius,
  }),
  defineLink({
    from: 'D',
    fromOperation: 'detail',
    recordsAt: 'property',
    to: 'M',
    label: '911 calls near this property',
    fill: { lat: { field: 'location.latitude' }, lon: { field: 'location.longitude' }, distance: { value: '1mi' }, ...windowFill },
    radius: distanceRadius,
  }),
  defineLink({
    from: 'D',
    fromOperation: 'detail',
    recordsAt: 'property',
    to: 'B',
    label: 'Charging stations near this property',
    fill: { prox: { prox: LINK_RADIUS_METRES } },
    radius: proxRadius,
  }),
  // A mortgage's property: back to its details, and the same neighbourhood links.
  defineLink({
    from: 'G',
    fromOperation: 'detailmortgage',
    recordsAt: 'property',
    to: 'D',
    label: 'Details of this property',
    fill: { recordid: { field: 'identifier.recordId' } },
  }),
  defineLink({
    from: 'G',
    fromOperation: 'detailmortgage',
    recordsAt: 'property',
    to: 'H',
    label: 'Registered offenders in this zip code',
    fill: { zipcode: { field: 'address.postal1' } },
  }),
  ...nearby('G', 'detailmortgage', 'property', 'property'),
  // A company's postcode and house number → the companies registered at that address (C).
  defineLink({
    from: 'C',
    fromOperation: 'address',
    recordsAt: '',
    to: 'C',
    label: 'Companies at this address',
    fill: { postcode: { field: 'address.postalCode' }, house_number: { field: 'address.houseNumber' } },
  }),
  ...nearby('C', 'address', '', 'company'),
  // A registrant's zip code → the others registered there; its position → B, L, M.
  ...nearby('H', 'records', 'sex_offenders', 'address'),
  // An incident → the 911 calls and stations around it, and the reverse.
  ...nearby('L', 'incidents', '0.incidents', 'incident').filter((link) => link.to !== 'L'),
  ...nearby('M', 'calls', 'incidents', 'call').filter((link) => link.to !== 'M'),
  ...nearby('B', 'json', 'evStations.evStation', 'station').filter((link) => link.to !== 'B'),
  // A map cell's centre → B, L, M.
  ...nearby('E', 'cells', '', 'map cell'),
  ...nearby('E', 'dataset', '', 'map cell'),
  ...nearby('B', 'xml', 'evStations.evStation', 'station').filter((link) => link.to !== 'B'),
];

/** The links from one operation's records, in the table's order. */
export function linksFrom(lookup: LookupId, operation: string): LookupLink[] {
  return lookupLinks.filter((link) => link.from === lookup && link.fromOperation === operation);
}

export type { LinkFill, LookupLink };
