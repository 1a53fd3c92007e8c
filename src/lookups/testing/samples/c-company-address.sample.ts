// A body (an array of company records) holding every field of the spec's table C.
import { companyAddress } from '../../c-company-address.ts';
import { defineSamples } from '../define-samples.ts';
const person = (initials: string | null, name: string | null, gender: string | null) => ({
  initials,
  title: null,
  name,
  prefix: name ? 'van' : null,
  salutation: gender === 'F' ? 'Mevrouw' : gender === 'M' ? 'Heer' : null,
  gender,
});

export const companyRecordSample = {
  address: {
    postalCode: '1012LG',
    postalCodeMin: 1012,
    houseNumber: 1,
    houseNumberExt: null,
    street: 'Damrak',
    city: 'Amsterdam',
    state: 'Noord-Holland',
    country: 'NL',
  },
  bxNumber: 52841390,
  cocNumber: 34219876,
  companyName: 'Grachtzicht Advies B.V.',
  companyOperational: {
    worktype: null,
    franchiser: false,
    eCommerce: true,
    blocked: false,
    advertising: 0,
    relocated: false,
    legalForm: 41,
    residentialAddress: false,
    inactive: false,
    smallOffice: false,
    neighborhoodRegionCode: 3630000,
    multitenants: true,
    imports: false,
    headQuarters: 'Y',
    creditRiskcolor: 'green',
    bankrupt: false,
    openingDate: '2011-03-01T00:00:00Z',
    familyOwned: true,
    branches: null,
    operational: null,
    export: true,
    regionCode: 363,
    franchisee: false,
    nonMailing: false,
  },
  emailAddress: 'info@grachtzicht.nl',
  webSite: 'https://www.grachtzicht.nl',
  employees: 14,
  establishment: 123456789012,
  geometry: { latitude: 52.3745, longitude: 4.8979, rdx: null, rdy: null },
  industry: {
    code: 7022,
    description: 'Business and other management consultancy activities',
    subIndustry: [
      { code: 70221, description: 'Organisatie-adviesbureaus' },
      { code: null, description: null },
    ],
  },
  mailBoxPostalCode: '1000AB',
  mailBoxPostalCity: 'Amsterdam',
  mailBoxBoxNumber: 1234,
  management: {
    marketing: person('S.', 'Dijk', 'F'),
    director: person('J.P.', 'Berg', 'M'),
    finance: person('M.', 'Vliet', 'F'),
    hr: person(null, null, null),
    sales: person('R.', 'Leeuwen', 'M'),
    purchasing: person(null, null, null),
    facility: person('T.', 'Dam', 'M'),
  },
  industryMarketSegments: 'Zakelijke dienstverlening',
  naceMarketSegments: 7022,
  phoneNumber: { mobile: '+31612345678', fax: '+31201234599', network: '020', number: '+31201234567', country: '+31' },
  minRevenue: 1000000,
  maxRevenue: 2500000,
  workforceClass: 4,
  ypCategory: 'Consultancy',
};

export const companyAddressSample = [companyRecordSample];

export const samples = defineSamples(companyAddress, { address: [companyAddressSample] });
