// A body holding every field of the spec's table L: an array whose element is the envelope.
import { crimeIncidents } from '../../l-crime-incidents.ts';
import { defineSamples } from '../define-samples.ts';
export const crimeIncidentsSample = [
  {
    total_incidents: 51,
    total_pages: 2,
    incidents: [
      {
        city_key: 'US SFO',
        incident_code: '2024123456',
        incident_date: '2024-05-07T21:29:03.482Z',
        incident_offense: 'Larceny/Theft Offenses',
        incident_offense_code: '23F',
        incident_offense_description: 'Theft From Motor Vehicle',
        incident_offense_detail_description: 'Theft From Motor Vehicle: Theft From Locked Vehicle, >$950',
        incident_offense_crime_against: 'Property',
        incident_offense_action: 'committed',
        incident_source_original_type: 'Larceny Theft',
        incident_source_name: 'San Francisco Police Department',
        incident_latitude: 37.782797,
        incident_longitude: -122.434618,
        incident_address: '1100 Block of GEARY BLVD',
      },
    ],
  },
];

export const samples = defineSamples(crimeIncidents, { incidents: [crimeIncidentsSample] });
