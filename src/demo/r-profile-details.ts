// Demo upstream for R: a deterministic profile per (type, id). The whole profile is generated
// every time, so asking for one more section never changes the others; sections not asked for
// are dropped. Unknown profiles (404): ids starting with "unknown", and personal ids without a
// letter (a person's handle always holds one; bare numbers name company pages).
import type { Faker } from '@faker-js/faker';
import { profileDetails } from '../lookups/r-profile-details.ts';
import { json, providerError, defineDemo } from './demo-types.ts';
import { seededFaker } from './seeded.ts';

const SITE = 'https://www.profiles.example.com';
const MEDIA = 'https://media.profiles.example.com';
const SECTIONS = ['contact_info', 'recommendations', 'related_profiles', 'network_info'] as const;
const INDUSTRIES = [
  'Software Development',
  'Financial Services',
  'Hospital & Health Care',
  'Renewable Energy',
  'Higher Education',
  'Retail',
  'Logistics',
  'Marketing Services',
];
const SKILLS = [
  'TypeScript',
  'Python',
  'Project Management',
  'Data Analysis',
  'Negotiation',
  'Public Speaking',
  'SQL',
  'Cloud Architecture',
  'UX Research',
  'Financial Modelling',
  'Leadership',
  'Machine Learning',
];
const LANGUAGES = ['English', 'Spanish', 'French', 'German', 'Portuguese', 'Mandarin', 'Hindi', 'Japanese'];
const SIZES = [
  ['11-50 employees', 11, 50],
  ['51-200 employees', 51, 200],
  ['201-500 employees', 201, 500],
  ['501-1,000 employees', 501, 1000],
  ['1,001-5,000 employees', 1001, 5000],
] as const;

export function isUnknownProfile(profileId: string, type: string): boolean {
  return /^unknown/i.test(profileId) || (type === 'personal' && !/[a-z]/i.test(profileId));
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** Alphabetic words of a handle: `jane-doe-4a1b2c` → Jane, Doe. */
const handleWords = (id: string) =>
  id
    .split(/[-_.]/)
    .filter((part) => /^[a-z]{2,}$/i.test(part))
    .map(capitalise);

const COUNTRIES = [
  ['United States', 'US'],
  ['United Kingdom', 'GB'],
  ['Germany', 'DE'],
  ['Canada', 'CA'],
  ['India', 'IN'],
  ['Australia', 'AU'],
  ['France', 'FR'],
  ['Netherlands', 'NL'],
  ['Brazil', 'BR'],
  ['Spain', 'ES'],
] as const;

function place(faker: Faker) {
  const [country, country_code] = faker.helpers.arrayElement(COUNTRIES);
  return { city: faker.location.city(), country, country_code };
}

function yearMonth(faker: Faker, from: number, to: number): string {
  return `${faker.number.int({ min: from, max: to })}-${String(faker.number.int({ min: 1, max: 12 })).padStart(2, '0')}`;
}

function personalCore(faker: Faker, id: string) {
  // A handle like jane-doe-4a1b2c names its owner; otherwise the name is made up.
  const words = handleWords(id);
  const [first, last] = words.length >= 2 ? [words[0]!, words[1]!] : [faker.person.firstName(), faker.person.lastName()];
  const companies = Array.from({ length: faker.number.int({ min: 2, max: 5 }) }, () => faker.company.name());
  let year = 2025;
  const experience = companies.map((company, i) => {
    const end = i === 0 ? null : yearMonth(faker, year - 1, year);
    year -= faker.number.int({ min: 1, max: 4 });
    const start = yearMonth(faker, year - 1, year);
    return {
      title: faker.person.jobTitle(),
      company_name: company,
      company_id: faker.datatype.boolean(0.8) ? slug(company) : null,
      location: faker.datatype.boolean(0.85) ? `${faker.location.city()}, ${place(faker).country}` : null,
      start_date: start,
      end_date: end,
      is_current: i === 0,
      description: faker.datatype.boolean(0.7) ? faker.company.catchPhrase() : null,
    };
  });
  const graduated = year - faker.number.int({ min: 0, max: 2 });
  return {
    profile_id: id,
    profile_type: 'personal' as const,
    profile_url: `${SITE}/in/${id}`,
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`,
    headline: `${experience[0]!.title} at ${experience[0]!.company_name}`,
    summary: faker.datatype.boolean(0.8) ? `${sentence(faker.person.bio())}. ${faker.company.catchPhrase()}.` : null,
    location: place(faker),
    industry: faker.helpers.arrayElement(INDUSTRIES),
    profile_picture_url: faker.datatype.boolean(0.9) ? `${MEDIA}/${id}/photo.jpg` : null,
    experience,
    education: [
      {
        school: `University of ${faker.location.city()}`,
        degree: faker.helpers.arrayElement(['BSc', 'BA', 'MSc', 'MBA', null]),
        field_of_study: faker.helpers.arrayElement(['Computer Science', 'Economics', 'Mechanical Engineering', 'Marketing', null]),
        start_year: graduated - 4,
        end_year: graduated,
      },
    ],
    skills: faker.helpers.arrayElements(SKILLS, { min: 4, max: 8 }),
    languages: faker.helpers.arrayElements(LANGUAGES, { min: 1, max: 3 }),
  };
}

function companyCore(faker: Faker, id: string) {
  const words = handleWords(id);
  const name = words.length > 0 ? words.join(' ') : faker.company.name();
  const [company_size, min, max] = faker.helpers.arrayElement(SIZES);
  const headquarters = place(faker);
  const domain = `${slug(name) || 'company'}.example.com`;
  return {
    profile_id: id,
    profile_type: 'company' as const,
    profile_url: `${SITE}/company/${id}`,
    name,
    tagline: faker.datatype.boolean(0.8) ? faker.company.catchPhrase() : null,
    description: `${name} ${faker.company.buzzPhrase()}. ${faker.company.catchPhrase()}.`,
    industry: faker.helpers.arrayElement(INDUSTRIES),
    company_size,
    employee_count: faker.number.int({ min, max }),
    founded_year: faker.datatype.boolean(0.9) ? faker.number.int({ min: 1950, max: 2021 }) : null,
    website: `https://${domain}`,
    logo_url: `${MEDIA}/${id}/logo.png`,
    specialties: faker.helpers.arrayElements(SKILLS, { min: 2, max: 5 }).map((skill) => skill.toLowerCase()),
    locations: [
      {
        city: headquarters.city,
        country: headquarters.country,
        country_code: headquarters.country_code,
        address_line: faker.location.streetAddress(),
        is_headquarters: true,
      },
      ...Array.from({ length: faker.number.int({ min: 0, max: 4 }) }, () => {
        const office = place(faker);
        return { ...office, address_line: faker.location.streetAddress(), is_headquarters: false };
      }),
    ],
  };
}

function sections(faker: Faker, type: string, name: string, email: string) {
  const personal = type === 'personal';
  const related = Array.from({ length: faker.number.int({ min: 3, max: 6 }) }, () => {
    if (!personal) {
      const company = faker.company.name();
      return {
        profile_id: slug(company),
        profile_type: 'company',
        display_name: company,
        headline: faker.company.catchPhrase(),
        profile_url: `${SITE}/company/${slug(company)}`,
      };
    }
    const [first, last] = [faker.person.firstName(), faker.person.lastName()];
    const handle = `${slug(`${first}-${last}`)}-${faker.string.hexadecimal({ length: 6, casing: 'lower', prefix: '' })}`;
    return {
      profile_id: handle,
      profile_type: 'personal',
      display_name: `${first} ${last}`,
      headline: `${faker.person.jobTitle()} at ${faker.company.name()}`,
      profile_url: `${SITE}/in/${handle}`,
    };
  });
  return {
    contact_info: {
      emails: [email],
      phone_numbers: [{ number: faker.phone.number({ style: 'international' }), type: personal ? 'mobile' : 'work' }],
      websites: [
        {
          url: personal ? `https://${slug(name)}.example.net` : `https://${slug(name)}.example.com`,
          category: personal ? 'personal' : 'company',
        },
      ],
      twitter_handle: faker.datatype.boolean(0.6)
        ? faker.internet.username({ firstName: name.split(' ')[0], lastName: name.split(' ').slice(1).join('') })
        : null,
      address: personal ? null : faker.location.streetAddress({ useFullAddress: true }),
    },
    // Recommendations are written about people; a company page has none.
    recommendations: personal
      ? Array.from({ length: faker.number.int({ min: 1, max: 4 }) }, () => {
          const author = faker.person.fullName();
          return {
            author_name: author,
            author_profile_id: `${slug(author)}-${faker.string.hexadecimal({ length: 6, casing: 'lower', prefix: '' })}`,
            author_headline: `${faker.person.jobTitle()} at ${faker.company.name()}`,
            relationship: faker.helpers.arrayElement([
              `${author} managed ${name} directly`,
              `${author} worked with ${name} on the same team`,
              `${name} managed ${author} directly`,
            ]),
            text: `${name} ${faker.helpers.arrayElement(['is a rare combination of', 'brings', 'consistently showed'])} ${faker.company.buzzPhrase()}. I would gladly work together again.`,
            date: faker.date.between({ from: '2016-01-01T00:00:00Z', to: '2025-06-01T00:00:00Z' }).toISOString().slice(0, 10),
          };
        })
      : [],
    related_profiles: related,
    network_info: {
      connections_count: personal ? faker.number.int({ min: 40, max: 12_000 }) : 0,
      followers_count: faker.number.int({ min: 50, max: personal ? 30_000 : 2_000_000 }),
      connection_degree: personal ? faker.helpers.arrayElement([2, 3, null]) : null,
    },
  };
}

export const profileDetailsDemo = defineDemo(profileDetails, ({ params }) => {
  const id = params.profile_id;
  const type = params.profile_type === 'company' ? 'company' : 'personal';
  if (isUnknownProfile(id, type))
    return providerError(404, {
      error: { status: 404, code: 'profile_not_found', message: `No ${type} profile with id '${id}' was found.` },
    });
  const faker = seededFaker('R', type, id.toLowerCase());
  const core = type === 'personal' ? personalCore(faker, id) : companyCore(faker, id);
  const name = 'full_name' in core ? core.full_name : core.name;
  const email =
    'full_name' in core
      ? `${slug(core.first_name)}.${slug(core.last_name)}@example-mail.com`
      : `info@${core.website.slice('https://'.length)}`;
  const all = sections(faker, type, name, email);
  const asked = Object.fromEntries(SECTIONS.filter((section) => params[section] === true).map((section) => [section, all[section]]));
  return json({ ...core, ...asked });
});
