// Demo for M: the 911 calls of the consistent demo world within the distance and the time window,
// newest first. M has no page parameter, so one answer holds up to 10,000 calls. Calls lie on US
// land only, at an address of the demo's street grid that matches their position.
import { callsForService } from '../lookups/m-calls-for-service.ts';
import { json, providerError, defineDemo } from './demo-types.ts';
import { seedFrom } from './seeded.ts';
import { createRng, type Rng } from './seeded.ts';
import { placeAt, round } from './geo-world.ts';
import { blockAddress, gridAddress } from './street-grid.ts';
import type { EventSeed } from './l-m-event-world.ts';
import { eventPage, eventQueryFrom } from './l-m-event-world.ts';

/** Calls per answer: M has no page parameter, so the whole first page is all a client can get. */
export const CALLS_PER_ANSWER = 10_000;
/** Calls per map cell per day at a city centre. */
const PEAK_CALLS_PER_CELL_DAY = 110;

/** The benchmark's large answer: downtown San Francisco, 10 miles, 35 days (at least 10,000 calls, about 5 MB). */
export const largeCallsQuery = {
  lat: '37.7749',
  lon: '-122.4194',
  distance: '10mi',
  datetime_ini: '2024-03-01T00:00:00.000Z',
  datetime_end: '2024-04-05T00:00:00.000Z',
} as const;

interface CallKind {
  type: string;
  weight: number;
  details: readonly string[];
}

const CALL_KINDS: readonly CallKind[] = [
  {
    type: 'Traffic Stop',
    weight: 14,
    details: [
      'Officer-initiated stop of a sedan for a red-light violation',
      'Stop of a delivery van double-parked in a travel lane',
      'Vehicle stopped for expired registration and a broken tail light',
    ],
  },
  {
    type: 'Suspicious Person',
    weight: 10,
    details: [
      'Caller reports a person looking into parked cars along the block',
      'Subject pacing in front of a closed storefront for over an hour',
      'Person trying door handles of residential buildings',
    ],
  },
  {
    type: 'Well-Being Check',
    weight: 9,
    details: [
      'Caller requests a check on an elderly neighbour not seen for two days',
      'Person lying on the sidewalk, unresponsive to passers-by',
      'Family member unable to reach resident by phone since yesterday',
    ],
  },
  {
    type: 'Noise Complaint',
    weight: 8,
    details: [
      'Loud music and shouting from an upstairs unit after midnight',
      'Construction noise outside permitted hours',
      'Group gathered in the street with amplified music',
    ],
  },
  {
    type: 'Auto Burglary',
    weight: 8,
    details: [
      'Caller reports a smashed rear window and a stolen backpack',
      'Witness saw two subjects break a car window and flee in a grey hatchback',
      'Vehicle broken into overnight, glass on the ground',
    ],
  },
  {
    type: 'Alarm',
    weight: 7,
    details: [
      'Audible commercial burglar alarm, keyholder en route',
      'Residential alarm triggered at the back door',
      'Silent panic alarm from a corner store',
    ],
  },
  {
    type: 'Trespasser',
    weight: 6,
    details: [
      'Subject refusing to leave a hotel lobby after being asked by staff',
      'Person sleeping in the garage of an apartment building',
      'Unknown person inside a fenced construction site',
    ],
  },
  {
    type: 'Mentally Disturbed Person',
    weight: 5,
    details: [
      'Subject yelling at traffic and stepping into the roadway',
      'Caller reports a family member in crisis, no weapons seen',
      'Person talking to themselves and throwing objects at windows',
    ],
  },
  {
    type: 'Fight No Weapon',
    weight: 5,
    details: [
      'Two subjects exchanging punches outside a bar',
      'Fight between several juveniles near the bus stop',
      'Verbal argument escalated to shoving in a store',
    ],
  },
  {
    type: 'Vandalism',
    weight: 4,
    details: [
      'Fresh graffiti on a storefront and two parked cars',
      'Subject kicking in the glass of a bus shelter',
      'Tyres slashed on several vehicles on the block',
    ],
  },
  {
    type: 'Hit and Run',
    weight: 4,
    details: [
      'Parked car struck, suspect vehicle left toward the freeway',
      'Cyclist clipped by a car that did not stop, minor injuries',
      'Rear-end collision, other driver fled the scene',
    ],
  },
  {
    type: 'Person Down',
    weight: 3,
    details: [
      'Adult male down on the sidewalk, breathing, medics requested',
      'Woman fell on the stairs of a transit station',
      'Person collapsed inside a laundromat',
    ],
  },
  {
    type: 'Assault / Battery',
    weight: 3,
    details: [
      'Victim punched by an unknown subject who fled on foot',
      'Caller was shoved to the ground during an argument over parking',
      'Domestic disturbance, one party reports being struck',
    ],
  },
  {
    type: 'Stolen Vehicle',
    weight: 3,
    details: [
      'Owner reports a car taken from the street overnight',
      'Moped missing from a locked garage',
      'Company van not at its parking spot this morning',
    ],
  },
  {
    type: 'Shots Fired',
    weight: 1,
    details: [
      'Several callers report hearing four to five shots',
      'Caller heard two gunshots and saw a car speed away',
      'Possible gunfire reported near the park, no victims seen',
    ],
  },
];
const KIND_TOTAL = CALL_KINDS.reduce((sum, kind) => sum + kind.weight, 0);

const CLOTHING = [
  'a dark hoodie',
  'a red jacket',
  'a grey sweatshirt and jeans',
  'a black puffer coat',
  'a white T-shirt and shorts',
  'a green windbreaker',
];
const DIRECTIONS = ['northbound', 'southbound', 'eastbound', 'westbound'];
const DISPOSITIONS = [
  'ADV (advised)',
  'HAN (handled)',
  'GOA (gone on arrival)',
  'UTL (unable to locate)',
  'CIT (citation issued)',
  'REP (report taken)',
  'NCR (no crime)',
];

function kindOf(rng: Rng): CallKind {
  let pick = rng.next() * KIND_TOTAL;
  for (const kind of CALL_KINDS) {
    pick -= kind.weight;
    if (pick < 0) return kind;
  }
  return CALL_KINDS[0]!;
}

/** A dispatcher's narrative: what was reported, who was seen, who went, how it ended. */
function narrative(rng: Rng, kind: CallKind, street: string): string {
  const subject = `Subject described as wearing ${rng.pick(CLOTHING)}, last seen ${rng.pick(DIRECTIONS)} on ${street}.`;
  const units = rng.int(1, 3);
  return `${rng.pick(kind.details)}. ${subject} Priority ${rng.pick(['A', 'B', 'B', 'C'])}; ${units} unit${units === 1 ? '' : 's'} dispatched, on scene in ${rng.int(3, 25)} min. Disposition: ${rng.pick(DISPOSITIONS)}.`;
}

function call(seed: EventSeed) {
  const rng = createRng(seedFrom('M-call', seed.cell.i, seed.cell.j, seed.day, seed.index));
  const place = placeAt(seed.lat, seed.lon);
  const { street } = gridAddress(place, seed.lat, seed.lon);
  const kind = kindOf(rng);
  const date = new Date(seed.time);
  const dayOfYear = Math.floor((seed.time - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  return {
    call_city_key: place.locode,
    call_code: `${String(date.getUTCFullYear()).slice(2)}${String(dayOfYear).padStart(3, '0')}${String(rng.int(0, 99_999)).padStart(5, '0')}`,
    call_date: date.toISOString(),
    call_type: kind.type,
    call_description: narrative(rng, kind, street),
    call_latitude: round(seed.lat, 6),
    call_longitude: round(seed.lon, 6),
    call_address: blockAddress(place, seed.lat, seed.lon),
  };
}

export const callsForServiceDemo = defineDemo(callsForService, ({ params }) => {
  const query = eventQueryFrom(params);
  if ('error' in query) return providerError(400, { message: query.error });
  const { total, events } = eventPage('M', query, PEAK_CALLS_PER_CELL_DAY, 0, CALLS_PER_ANSWER);
  return json({
    total_incidents: total,
    total_pages: Math.ceil(total / CALLS_PER_ANSWER),
    incidents: events.map(call),
  });
});
