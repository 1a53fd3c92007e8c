// The demo world's fixed tables: E's cities (and B's world outside the United States), H's towns of
// the name search, and the real street names where the examples point. Data only; geo-world.ts holds
// the logic over them, us-places-data.ts the United States.

export interface DemoCity {
  /** Stable id, E's `pk`. */
  pk: number;
  name: string;
  region: string;
  /** ISO 3166-1 alpha-2 and alpha-3. */
  country: string;
  country3: string;
  lat: number;
  lon: number;
  /** Distance (km) over which the city's density falls to 1/e of its centre. */
  spreadKm: number;
  timeZone: string;
  /** UN/LOCODE ("US SFO"), L's and M's city_key. */
  locode: string;
  /** Postal code shape: `#` a digit, `?` an uppercase letter. */
  postal: string;
}

/** A named place of the demo world: a city of DEMO_CITIES or a US place of us-places-data.ts. */
export type DemoPlace = Omit<DemoCity, 'pk'> & {
  /** Relative density at its centre (0.1 to 1.2), from its population. */
  peak: number;
};

/** Cities outside the United States (B's world there, and E's cities everywhere); the US is us-places-data.ts. */
export const DEMO_CITIES: readonly DemoCity[] = [
  {
    pk: 1,
    name: 'Berlin',
    region: 'Berlin',
    country: 'DE',
    country3: 'DEU',
    lat: 52.52,
    lon: 13.405,
    spreadKm: 12,
    timeZone: 'Europe/Berlin',
    locode: 'DE BER',
    postal: '1####',
  },
  {
    pk: 2,
    name: 'Munich',
    region: 'Bavaria',
    country: 'DE',
    country3: 'DEU',
    lat: 48.1372,
    lon: 11.5755,
    spreadKm: 9,
    timeZone: 'Europe/Berlin',
    locode: 'DE MUC',
    postal: '8####',
  },
  {
    pk: 3,
    name: 'Paris',
    region: 'Île-de-France',
    country: 'FR',
    country3: 'FRA',
    lat: 48.8566,
    lon: 2.3522,
    spreadKm: 12,
    timeZone: 'Europe/Paris',
    locode: 'FR PAR',
    postal: '750##',
  },
  {
    pk: 4,
    name: 'London',
    region: 'England',
    country: 'GB',
    country3: 'GBR',
    lat: 51.5074,
    lon: -0.1278,
    spreadKm: 14,
    timeZone: 'Europe/London',
    locode: 'GB LON',
    postal: '?## #??',
  },
  {
    pk: 5,
    name: 'Amsterdam',
    region: 'North Holland',
    country: 'NL',
    country3: 'NLD',
    lat: 52.3676,
    lon: 4.9041,
    spreadKm: 7,
    timeZone: 'Europe/Amsterdam',
    locode: 'NL AMS',
    postal: '10## ??',
  },
  {
    pk: 6,
    name: 'San Francisco',
    region: 'CA',
    country: 'US',
    country3: 'USA',
    lat: 37.7749,
    lon: -122.4194,
    spreadKm: 12,
    timeZone: 'America/Los_Angeles',
    locode: 'US SFO',
    postal: '941##',
  },
  {
    pk: 7,
    name: 'Oakland',
    region: 'CA',
    country: 'US',
    country3: 'USA',
    lat: 37.8044,
    lon: -122.2712,
    spreadKm: 8,
    timeZone: 'America/Los_Angeles',
    locode: 'US OAK',
    postal: '946##',
  },
  {
    pk: 8,
    name: 'Los Angeles',
    region: 'CA',
    country: 'US',
    country3: 'USA',
    lat: 34.0522,
    lon: -118.2437,
    spreadKm: 18,
    timeZone: 'America/Los_Angeles',
    locode: 'US LAX',
    postal: '900##',
  },
  {
    pk: 9,
    name: 'Chicago',
    region: 'IL',
    country: 'US',
    country3: 'USA',
    lat: 41.8781,
    lon: -87.6298,
    spreadKm: 14,
    timeZone: 'America/Chicago',
    locode: 'US CHI',
    postal: '606##',
  },
  {
    pk: 10,
    name: 'New York',
    region: 'NY',
    country: 'US',
    country3: 'USA',
    lat: 40.7128,
    lon: -74.006,
    spreadKm: 14,
    timeZone: 'America/New_York',
    locode: 'US NYC',
    postal: '100##',
  },
  {
    pk: 11,
    name: 'Seattle',
    region: 'WA',
    country: 'US',
    country3: 'USA',
    lat: 47.6062,
    lon: -122.3321,
    spreadKm: 9,
    timeZone: 'America/Los_Angeles',
    locode: 'US SEA',
    postal: '981##',
  },
  {
    pk: 12,
    name: 'Tokyo',
    region: 'Tokyo',
    country: 'JP',
    country3: 'JPN',
    lat: 35.6762,
    lon: 139.6503,
    spreadKm: 16,
    timeZone: 'Asia/Tokyo',
    locode: 'JP TYO',
    postal: '1##-####',
  },
];

export interface DemoTown {
  name: string;
  /** US state code. */
  state: string;
  lat: number;
  lon: number;
  zipcodes: readonly string[];
}

/** Real US towns with some of their real zip codes: the registrants H's name search looks through. */
export const DEMO_TOWNS: readonly DemoTown[] = [
  { name: 'Springfield', state: 'IL', lat: 39.7817, lon: -89.6501, zipcodes: ['62701', '62702', '62703', '62704'] },
  { name: 'Dayton', state: 'OH', lat: 39.7589, lon: -84.1916, zipcodes: ['45402', '45403', '45405', '45406'] },
  { name: 'Boise', state: 'ID', lat: 43.615, lon: -116.2023, zipcodes: ['83702', '83704', '83705', '83706'] },
  { name: 'Bakersfield', state: 'CA', lat: 35.3733, lon: -119.0187, zipcodes: ['93301', '93304', '93305', '93307'] },
  { name: 'Tulsa', state: 'OK', lat: 36.154, lon: -95.9928, zipcodes: ['74103', '74104', '74105', '74106'] },
  { name: 'Savannah', state: 'GA', lat: 32.0809, lon: -81.0912, zipcodes: ['31401', '31404', '31405', '31406'] },
  { name: 'Spokane', state: 'WA', lat: 47.6588, lon: -117.426, zipcodes: ['99201', '99202', '99203', '99205'] },
  { name: 'Burlington', state: 'VT', lat: 44.4759, lon: -73.2121, zipcodes: ['05401', '05408'] },
];

// Real street names where the examples point (by city key), faker's localised ones elsewhere.
export const KNOWN_STREETS: Readonly<Record<string, readonly string[]>> = {
  'DE BER': [
    'Friedrichstraße',
    'Unter den Linden',
    'Torstraße',
    'Karl-Marx-Allee',
    'Kastanienallee',
    'Oranienstraße',
    'Kurfürstendamm',
    'Invalidenstraße',
    'Schönhauser Allee',
    'Leipziger Straße',
    'Potsdamer Straße',
    'Sonnenallee',
    'Frankfurter Allee',
    'Greifswalder Straße',
    'Hermannstraße',
    'Bergmannstraße',
    'Warschauer Straße',
    'Kantstraße',
    'Prenzlauer Allee',
    'Müllerstraße',
  ],
  'US SFO': [
    'MISSION ST',
    'MARKET ST',
    'VALENCIA ST',
    'GEARY BLVD',
    'VAN NESS AVE',
    'FOLSOM ST',
    'HOWARD ST',
    'BRYANT ST',
    'POLK ST',
    'LARKIN ST',
    'HAIGHT ST',
    'DIVISADERO ST',
    'FILLMORE ST',
    'IRVING ST',
    'JUDAH ST',
    'TARAVAL ST',
    'GEARY ST',
    'POST ST',
    'SUTTER ST',
    'BUSH ST',
    'CALIFORNIA ST',
    'COLUMBUS AVE',
    'STOCKTON ST',
    'KEARNY ST',
    '3RD ST',
    '16TH ST',
    '24TH ST',
    'CESAR CHAVEZ ST',
    'POTRERO AVE',
    'ALEMANY BLVD',
    'OCEAN AVE',
    'SAN BRUNO AVE',
    'EDDY ST',
    'ELLIS ST',
    'OFARRELL ST',
    'TURK ST',
    'GOLDEN GATE AVE',
    'LOMBARD ST',
    'CHESTNUT ST',
    'CLEMENT ST',
  ],
};

/** Street names of the other US places (the demo's own grid names its streets from these). */
export const US_STREET_NAMES: readonly string[] = [
  'MAIN ST',
  'OAK ST',
  'MAPLE AVE',
  'WASHINGTON ST',
  'LINCOLN AVE',
  'PARK AVE',
  'ELM ST',
  'PINE ST',
  'CEDAR ST',
  'JEFFERSON ST',
  'FRANKLIN ST',
  'MADISON AVE',
  'JACKSON ST',
  'CHURCH ST',
  'MARKET ST',
  'HIGH ST',
  'LAKE ST',
  'HILL ST',
  'WALNUT ST',
  'CHESTNUT ST',
  'SPRING ST',
  'RIVER RD',
  'CENTER ST',
  'BROADWAY',
  'GRAND AVE',
  'UNION ST',
  'WATER ST',
  'MILL ST',
  'ADAMS ST',
  'MONROE ST',
  'HARRISON ST',
  'GRANT AVE',
  'SHERIDAN RD',
  'PROSPECT AVE',
  'CENTRAL AVE',
  'COLLEGE AVE',
  'STATE ST',
  'COURT ST',
  'BRIDGE ST',
  'SCHOOL ST',
  'ASH ST',
  'BIRCH ST',
  'WILLOW ST',
  'HICKORY ST',
  'SYCAMORE ST',
  'LOCUST ST',
  'DOGWOOD DR',
  'MAGNOLIA AVE',
  'LAUREL ST',
  'POPLAR ST',
];
