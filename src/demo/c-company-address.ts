// C: the companies registered at a postcode and house number. The demo's register holds Dutch
// addresses (postcodes 1000AA–9999ZZ), each in the town its postcode belongs to (c-postcode-areas.ts)
// and at a position that matches it; any other postcode, and about a quarter of the Dutch house
// numbers, have no company and answer with an empty array, as the provider does.
import type { z } from 'zod';
import type { Faker } from '@faker-js/faker';
import type { companyRecordSchema } from '../lookups/c-company-address.ts';
import { MANAGEMENT_ROLES } from '../lookups/c-company-address.ts';
import { companyAddress } from '../lookups/c-company-address.ts';
import { json, defineDemo } from './demo-types.ts';
import { seededFaker } from './seeded.ts';
import { STREETS, SURNAMES, PREFIXED, WORDS, INDUSTRIES, LEGAL_FORMS, EXTENSIONS, WORKFORCE } from './c-company-address-data.ts';
import { addressPosition, areaOf, type PostcodeArea } from './c-postcode-areas.ts';

type CompanyRecord = z.infer<typeof companyRecordSchema>;
type Manager = CompanyRecord['management']['director'];

const DUTCH_POSTCODE = /^([1-9]\d{3})([A-Z]{2})$/;
const EMPTY_MANAGER: Manager = { initials: null, title: null, name: null, prefix: null, salutation: null, gender: null };

function manager(faker: Faker, filled: boolean): Manager {
  if (!filled) return EMPTY_MANAGER;
  const gender = faker.helpers.arrayElement(['M', 'F']);
  const prefixed = faker.datatype.boolean(0.3);
  return {
    initials: `${faker.string.alpha({ length: 1, casing: 'upper' })}.${faker.datatype.boolean(0.4) ? `${faker.string.alpha({ length: 1, casing: 'upper' })}.` : ''}`,
    title: faker.datatype.boolean(0.15) ? faker.helpers.arrayElement(['dr.', 'ir.', 'mr.', 'drs.']) : null,
    name: prefixed ? faker.helpers.arrayElement(PREFIXED) : faker.helpers.arrayElement(SURNAMES),
    prefix: prefixed ? faker.helpers.arrayElement(['van', 'van der', 'de', 'van den']) : null,
    salutation: gender === 'F' ? 'Mevrouw' : 'De heer',
    gender,
  };
}

function company(
  faker: Faker,
  postcode: string,
  houseNumber: number,
  street: string,
  region: PostcodeArea,
  position: { lat: number; lon: number },
): CompanyRecord {
  const industry = faker.helpers.arrayElement(INDUSTRIES);
  const legal = faker.helpers.arrayElement(LEGAL_FORMS);
  const soleTrader = legal.code === 1;
  const surname = faker.helpers.arrayElement(SURNAMES);
  const companyName = soleTrader
    ? `${surname} ${industry.yp}`
    : `${faker.helpers.arrayElement(WORDS)}${faker.helpers.arrayElement(['zicht', 'werk', 'groep', 'partners'])} ${legal.suffix}`.trim();
  const slug = companyName.toLowerCase().replace(/[^a-z]+/g, '');
  const employees = soleTrader ? 1 : faker.number.int({ min: 2, max: 420 });
  const minRevenue = employees * faker.number.int({ min: 60, max: 110 }) * 1000;
  const local = faker.string.numeric(7);
  const network = region.network;
  return {
    address: {
      postalCode: postcode,
      postalCodeMin: Number(postcode.slice(0, 4)),
      houseNumber,
      houseNumberExt: faker.helpers.arrayElement(EXTENSIONS),
      street,
      city: region.city,
      state: region.state,
      country: 'NL',
    },
    bxNumber: faker.number.int({ min: 10_000_000, max: 99_999_999 }),
    cocNumber: faker.number.int({ min: 10_000_000, max: 99_999_999 }),
    companyName,
    companyOperational: {
      worktype: null,
      franchiser: false,
      eCommerce: faker.datatype.boolean(0.3),
      blocked: false,
      advertising: faker.number.int({ min: 0, max: 3 }),
      relocated: faker.datatype.boolean(0.1),
      legalForm: legal.code,
      residentialAddress: soleTrader && faker.datatype.boolean(0.6),
      inactive: false,
      smallOffice: employees < 5,
      neighborhoodRegionCode: region.regionCode * 10000 + faker.number.int({ min: 0, max: 9999 }),
      multitenants: faker.datatype.boolean(0.4),
      imports: faker.datatype.boolean(0.2),
      headQuarters: faker.datatype.boolean(0.8) ? 'Y' : 'N',
      creditRiskcolor: faker.helpers.weightedArrayElement([
        { weight: 6, value: 'green' },
        { weight: 3, value: 'orange' },
        { weight: 1, value: 'red' },
      ]),
      bankrupt: false,
      openingDate:
        faker.date.between({ from: '1975-01-01T00:00:00Z', to: '2025-12-31T00:00:00Z' }).toISOString().slice(0, 10) + 'T00:00:00Z',
      familyOwned: faker.datatype.boolean(0.5),
      branches: null,
      operational: null,
      export: faker.datatype.boolean(0.25),
      regionCode: region.regionCode,
      franchisee: faker.datatype.boolean(0.05),
      nonMailing: faker.datatype.boolean(0.1),
    },
    emailAddress: `info@${slug}.nl`,
    webSite: `https://www.${slug}.nl`,
    employees,
    establishment: faker.number.int({ min: 100_000_000_000, max: 999_999_999_999 }),
    geometry: {
      latitude: Number(position.lat.toFixed(6)),
      longitude: Number(position.lon.toFixed(6)),
      rdx: null,
      rdy: null,
    },
    industry: {
      code: industry.code,
      description: industry.description,
      subIndustry: [{ code: industry.code * 10 + 1, description: industry.sub }],
    },
    mailBoxPostalCode: `${postcode.slice(0, 2)}00AB`,
    mailBoxPostalCity: region.city,
    mailBoxBoxNumber: faker.number.int({ min: 1, max: 9999 }),
    management: Object.fromEntries(
      MANAGEMENT_ROLES.map((role) => [role, manager(faker, role === 'director' || (!soleTrader && faker.datatype.boolean(0.4)))]),
    ) as CompanyRecord['management'],
    industryMarketSegments: industry.segment,
    naceMarketSegments: industry.code,
    phoneNumber: {
      mobile: `+316${faker.string.numeric(8)}`,
      fax: `+31${network.slice(1)}${faker.string.numeric(10 - network.length)}`,
      network,
      number: `+31${network.slice(1)}${local.slice(0, 10 - network.length)}`,
      country: '+31',
    },
    minRevenue,
    maxRevenue: Math.round(minRevenue * 2.5),
    workforceClass: WORKFORCE.find((band) => employees <= band.max)?.cls ?? 8,
    ypCategory: industry.yp,
  };
}

/** Every company at a postcode and house number; [] when the register has none there. */
export function companiesAt(postcode: string, houseNumber: number): CompanyRecord[] {
  const match = DUTCH_POSTCODE.exec(postcode);
  if (!match) return [];
  const region = areaOf(Number(match[1]))!;
  const street = seededFaker('company-street', postcode).helpers.arrayElement(STREETS);
  const faker = seededFaker('company-address', postcode, houseNumber);
  const count = faker.helpers.weightedArrayElement([
    { weight: 1, value: 0 },
    { weight: 2, value: 1 },
    { weight: 1, value: 2 },
    { weight: 1, value: 4 },
  ]);
  if (count === 0) return [];
  const position = addressPosition(region, postcode, houseNumber);
  return Array.from({ length: count }, () => company(faker, postcode, houseNumber, street, region, position));
}

export const companyAddressDemo = defineDemo(companyAddress, ({ params }) => {
  const postcode = params.postcode.replace(/[\s-]/g, '').toUpperCase();
  const ext = params.house_number_ext?.trim().toLowerCase();
  const companies = companiesAt(postcode, params.house_number);
  return json(ext === undefined ? companies : companies.filter((entry) => entry.address.houseNumberExt?.toLowerCase() === ext));
});
