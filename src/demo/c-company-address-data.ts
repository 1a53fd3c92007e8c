// C's demo register: the regions, streets, names, industries and legal forms companies are drawn
// from. Data only; c-company-address.ts draws from it.

export const REGIONS = [
  { city: 'Amsterdam', state: 'Noord-Holland', network: '020', lat: 52.37, lon: 4.9, regionCode: 363 },
  { city: 'Den Haag', state: 'Zuid-Holland', network: '070', lat: 52.08, lon: 4.3, regionCode: 518 },
  { city: 'Rotterdam', state: 'Zuid-Holland', network: '010', lat: 51.92, lon: 4.48, regionCode: 599 },
  { city: 'Middelburg', state: 'Zeeland', network: '0118', lat: 51.5, lon: 3.61, regionCode: 687 },
  { city: 'Eindhoven', state: 'Noord-Brabant', network: '040', lat: 51.44, lon: 5.47, regionCode: 772 },
  { city: 'Nijmegen', state: 'Gelderland', network: '024', lat: 51.84, lon: 5.86, regionCode: 268 },
  { city: 'Enschede', state: 'Overijssel', network: '053', lat: 52.22, lon: 6.89, regionCode: 153 },
  { city: 'Zwolle', state: 'Overijssel', network: '038', lat: 52.51, lon: 6.09, regionCode: 193 },
  { city: 'Groningen', state: 'Groningen', network: '050', lat: 53.22, lon: 6.57, regionCode: 14 },
] as const;

export const STREETS = ['Damrak', 'Herengracht', 'Keizersgracht', 'Stationsplein', 'Marktstraat', 'Kerkstraat', 'Dorpsstraat', 'Industrieweg', 'Havenkade', 'Molenweg', 'Schoolstraat', 'Beukenlaan'];
export const SURNAMES = ['Jansen', 'Visser', 'Smit', 'Bakker', 'Meijer', 'Mulder', 'Bos', 'Vos', 'Peters', 'Hendriks', 'Dijkstra', 'Kok'];
export const PREFIXED = ['Berg', 'Dijk', 'Leeuwen', 'Vliet', 'Dam', 'Wal'];
export const WORDS = ['Gracht', 'Polder', 'Molen', 'Tulp', 'Delta', 'Kade', 'Duin', 'Haven', 'Brug', 'Noorder'];
export const INDUSTRIES = [
  { code: 6201, description: 'Computer programming activities', segment: 'ICT', yp: 'Software development', sub: 'Ontwikkelen van software' },
  { code: 7022, description: 'Business and other management consultancy activities', segment: 'Zakelijke dienstverlening', yp: 'Consultancy', sub: 'Organisatie-adviesbureaus' },
  { code: 5610, description: 'Restaurants and mobile food service activities', segment: 'Horeca', yp: 'Restaurants', sub: 'Restaurants' },
  { code: 4711, description: 'Retail sale in non-specialised stores with food predominating', segment: 'Detailhandel', yp: 'Supermarkets', sub: 'Supermarkten' },
  { code: 4120, description: 'Construction of residential and non-residential buildings', segment: 'Bouw', yp: 'Building contractors', sub: 'Algemene burgerlijke en utiliteitsbouw' },
  { code: 6910, description: 'Legal activities', segment: 'Zakelijke dienstverlening', yp: 'Lawyers', sub: 'Advocatenkantoren' },
  { code: 8621, description: 'General medical practice activities', segment: 'Zorg', yp: 'General practitioners', sub: 'Huisartsenpraktijken' },
  { code: 4941, description: 'Freight transport by road', segment: 'Transport en logistiek', yp: 'Transport companies', sub: 'Goederenvervoer over de weg' },
] as const;
export const LEGAL_FORMS = [
  { code: 1, suffix: '' },
  { code: 11, suffix: 'V.O.F.' },
  { code: 41, suffix: 'B.V.' },
  { code: 41, suffix: 'B.V.' },
  { code: 51, suffix: 'N.V.' },
] as const;
export const EXTENSIONS = [null, null, null, 'A', 'B', '1', '2', 'bis'] as const;
export const WORKFORCE = [
  { max: 1, cls: 1 },
  { max: 4, cls: 2 },
  { max: 9, cls: 3 },
  { max: 19, cls: 4 },
  { max: 49, cls: 5 },
  { max: 99, cls: 6 },
  { max: 499, cls: 7 },
] as const;
