// Demo for L: the crime incidents of the consistent demo world within the distance and the time
// window, newest first, 50 per page. The body is an array holding the envelope, as the spec says.
// Incidents lie on US land only, each named after its nearest place, at an address of the demo's
// street grid that matches its position.
import { INCIDENTS_PER_PAGE } from '../lookups/l-crime-incidents.ts';
import { crimeIncidents } from '../lookups/l-crime-incidents.ts';
import { json, providerError, defineDemo } from './demo-types.ts';
import { seedFrom } from './seeded.ts';
import { createRng, type Rng } from './seeded.ts';
import { placeAt, round } from './geo-world.ts';
import { blockAddress } from './street-grid.ts';
import type { EventSeed } from './l-m-event-world.ts';
import { eventPage, eventQueryFrom } from './l-m-event-world.ts';

/** Incidents per map cell per day at a city centre. */
const PEAK_INCIDENTS_PER_CELL_DAY = 60;

interface Offense {
  offense: string;
  code: string;
  description: string;
  against: 'Person' | 'Property' | 'Society' | 'Not a Crime';
  sourceType: string;
  details: readonly string[];
  weight: number;
}

// FBI NIBRS offenses with their codes and the category each is a crime against.
const OFFENSES: readonly Offense[] = [
  {
    offense: 'Larceny/Theft Offenses',
    code: '23F',
    description: 'Theft From Motor Vehicle',
    against: 'Property',
    sourceType: 'Larceny Theft',
    details: ['Theft From Locked Vehicle, >$950', 'Theft From Unlocked Vehicle, <$50', 'Theft From Locked Vehicle, $200-$950'],
    weight: 16,
  },
  {
    offense: 'Larceny/Theft Offenses',
    code: '23C',
    description: 'Shoplifting',
    against: 'Property',
    sourceType: 'Larceny Theft',
    details: ['Shoplifting, Petty Theft', 'Shoplifting, Grand Theft'],
    weight: 8,
  },
  {
    offense: 'Larceny/Theft Offenses',
    code: '23H',
    description: 'All Other Larceny',
    against: 'Property',
    sourceType: 'Larceny Theft',
    details: ['Theft, Other Property, $50-$200', 'Theft, Bicycle, <$950', 'Theft of Package from Porch'],
    weight: 10,
  },
  {
    offense: 'Motor Vehicle Theft',
    code: '240',
    description: 'Motor Vehicle Theft',
    against: 'Property',
    sourceType: 'Motor Vehicle Theft',
    details: ['Vehicle, Stolen, Auto', 'Vehicle, Stolen, Motorcycle', 'Vehicle, Stolen, Truck'],
    weight: 6,
  },
  {
    offense: 'Burglary/Breaking & Entering',
    code: '220',
    description: 'Burglary/Breaking & Entering',
    against: 'Property',
    sourceType: 'Burglary',
    details: ['Burglary, Residence, Forcible Entry', 'Burglary, Commercial, Unlawful Entry', 'Burglary, Garage, Forcible Entry'],
    weight: 6,
  },
  {
    offense: 'Destruction/Damage/Vandalism of Property',
    code: '290',
    description: 'Destruction/Damage/Vandalism of Property',
    against: 'Property',
    sourceType: 'Malicious Mischief',
    details: ['Malicious Mischief, Vandalism to Vehicle', 'Malicious Mischief, Graffiti', 'Malicious Mischief, Breaking Windows'],
    weight: 7,
  },
  {
    offense: 'Robbery',
    code: '120',
    description: 'Robbery',
    against: 'Property',
    sourceType: 'Robbery',
    details: ['Robbery, Street, Strongarm', 'Robbery, Commercial, With Gun', 'Robbery, Carjacking'],
    weight: 3,
  },
  {
    offense: 'Assault Offenses',
    code: '13B',
    description: 'Simple Assault',
    against: 'Person',
    sourceType: 'Assault',
    details: ['Battery', 'Battery, Former Spouse or Dating Relationship', 'Threats Against Life'],
    weight: 7,
  },
  {
    offense: 'Assault Offenses',
    code: '13A',
    description: 'Aggravated Assault',
    against: 'Person',
    sourceType: 'Assault',
    details: ['Aggravated Assault With a Deadly Weapon', 'Aggravated Assault With a Knife'],
    weight: 2,
  },
  {
    offense: 'Fraud Offenses',
    code: '26A',
    description: 'False Pretenses/Swindle/Confidence Game',
    against: 'Property',
    sourceType: 'Fraud',
    details: ['Fraudulent Use of Credit Card', 'False Personation to Receive Money'],
    weight: 3,
  },
  {
    offense: 'Drug/Narcotic Offenses',
    code: '35A',
    description: 'Drug/Narcotic Violations',
    against: 'Society',
    sourceType: 'Drug Offense',
    details: ['Possession of Narcotics Paraphernalia', 'Possession of Base/Rock Cocaine for Sale'],
    weight: 3,
  },
  {
    offense: 'Weapon Law Violations',
    code: '520',
    description: 'Weapon Law Violations',
    against: 'Society',
    sourceType: 'Weapons Offense',
    details: ['Firearm, Carrying Loaded in Public Place', 'Weapon, Possession of Deadly Weapon'],
    weight: 1,
  },
  {
    offense: 'Not a Crime',
    code: 'NAC',
    description: 'Non-Criminal',
    against: 'Not a Crime',
    sourceType: 'Non-Criminal',
    details: ['Lost Property', 'Found Property', 'Aided Case, Mental Health Detention'],
    weight: 5,
  },
];
const OFFENSE_TOTAL = OFFENSES.reduce((sum, offense) => sum + offense.weight, 0);

function offenseOf(rng: Rng): Offense {
  let pick = rng.next() * OFFENSE_TOTAL;
  for (const offense of OFFENSES) {
    pick -= offense.weight;
    if (pick < 0) return offense;
  }
  return OFFENSES[0]!;
}

function incident(seed: EventSeed) {
  const rng = createRng(seedFrom('L-incident', seed.cell.i, seed.cell.j, seed.day, seed.index));
  const place = placeAt(seed.lat, seed.lon);
  const offense = offenseOf(rng);
  const attempted = offense.against !== 'Not a Crime' && rng.chance(0.08);
  const year = new Date(seed.time).getUTCFullYear();
  return {
    city_key: place.locode,
    incident_code: `${year}${String(rng.int(0, 999_999)).padStart(6, '0')}`,
    incident_date: new Date(seed.time).toISOString(),
    incident_offense: offense.offense,
    incident_offense_code: offense.code,
    incident_offense_description: offense.description,
    incident_offense_detail_description: `${offense.description}: ${rng.pick(offense.details)}`,
    incident_offense_crime_against: offense.against,
    incident_offense_action: attempted ? 'attempted' : 'committed',
    incident_source_original_type: offense.sourceType,
    incident_source_name: `${place.name} Police Department`,
    incident_latitude: round(seed.lat, 6),
    incident_longitude: round(seed.lon, 6),
    incident_address: blockAddress(place, seed.lat, seed.lon),
  };
}

export const crimeIncidentsDemo = defineDemo(crimeIncidents, ({ params }) => {
  const query = eventQueryFrom(params);
  if ('error' in query) return providerError(400, { message: query.error });
  const page = params.page ?? 1;
  // Only the asked page's incidents are drawn in full: a page past the end costs the count alone.
  const { total, events } = eventPage('L', query, PEAK_INCIDENTS_PER_CELL_DAY, (page - 1) * INCIDENTS_PER_PAGE, INCIDENTS_PER_PAGE);
  return json([
    {
      total_incidents: total,
      total_pages: Math.ceil(total / INCIDENTS_PER_PAGE),
      incidents: events.map(incident),
    },
  ]);
});
