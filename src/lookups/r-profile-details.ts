import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { param } from './param.ts';
import { arrayAt, isRecord } from './adapters.ts';
import { firstTextAt } from './error-text.ts';

// The spec shows no response fields for R. The schema below is the shape professional-network
// profile APIs commonly return; every object is loose, so a provider's extra fields pass through.

const place = z.looseObject({ city: z.string().nullable(), country: z.string(), country_code: z.string() });

const contactInfo = z.looseObject({
  emails: z.array(z.string()),
  phone_numbers: z.array(z.looseObject({ number: z.string(), type: z.string() })),
  websites: z.array(z.looseObject({ url: z.string(), category: z.string() })),
  twitter_handle: z.string().nullable(),
  address: z.string().nullable(),
});

const recommendation = z.looseObject({
  author_name: z.string(),
  author_profile_id: z.string(),
  author_headline: z.string(),
  relationship: z.string(),
  text: z.string(),
  date: z.string(),
});

const relatedProfile = z.looseObject({
  profile_id: z.string(),
  profile_type: z.enum(['personal', 'company']),
  display_name: z.string(),
  headline: z.string(),
  profile_url: z.string(),
});

const networkInfo = z.looseObject({
  connections_count: z.number().int(),
  followers_count: z.number().int(),
  connection_degree: z.number().int().nullable(),
});

/** Sections that appear only when their boolean parameter asks for them. */
const optionalSections = {
  contact_info: contactInfo.optional(),
  recommendations: z.array(recommendation).optional(),
  related_profiles: z.array(relatedProfile).optional(),
  network_info: networkInfo.optional(),
};

export const experienceEntry = z.looseObject({
  title: z.string(),
  company_name: z.string(),
  company_id: z.string().nullable(),
  location: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  is_current: z.boolean(),
  description: z.string().nullable(),
});

export const personalProfile = z.looseObject({
  profile_id: z.string(),
  profile_type: z.literal('personal'),
  profile_url: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  headline: z.string(),
  summary: z.string().nullable(),
  location: place,
  industry: z.string(),
  profile_picture_url: z.string().nullable(),
  experience: z.array(experienceEntry),
  education: z.array(
    z.looseObject({
      school: z.string(),
      degree: z.string().nullable(),
      field_of_study: z.string().nullable(),
      start_year: z.number().int().nullable(),
      end_year: z.number().int().nullable(),
    }),
  ),
  skills: z.array(z.string()),
  languages: z.array(z.string()),
  ...optionalSections,
});

export const companyLocation = z.looseObject({
  city: z.string(),
  country: z.string(),
  country_code: z.string(),
  address_line: z.string(),
  is_headquarters: z.boolean(),
});

export const companyProfile = z.looseObject({
  profile_id: z.string(),
  profile_type: z.literal('company'),
  profile_url: z.string(),
  name: z.string(),
  tagline: z.string().nullable(),
  description: z.string(),
  industry: z.string(),
  company_size: z.string(),
  employee_count: z.number().int(),
  founded_year: z.number().int().nullable(),
  website: z.string().nullable(),
  logo_url: z.string().nullable(),
  specialties: z.array(z.string()),
  locations: z.array(companyLocation),
  ...optionalSections,
});

export const profileDetailsResponse = z.discriminatedUnion('profile_type', [personalProfile, companyProfile]);

/** The provider-style error body the demo sends (404 for an unknown profile). */
export const profileErrorResponse = z.looseObject({
  error: z.looseObject({ status: z.number().int(), code: z.string(), message: z.string() }),
});

export const profileDetails = defineLookup({
  id: 'R',
  title: 'Profile details',
  keywords: ['profile', 'person', 'people', 'professional', 'resume', 'career', 'contact'],
  catalog: {
    subject: 'Complete details of a professional-network profile',
    coverage: 'global',
    version: 'no version in the path',
    price: 'from $0.006 per call',
    pricePerCall: 0.006,
    trial: 'none',
  },
  keyTransport: { param: 'api_key' },
  personalData: [
    // A personal profile (the union's `personal` branch) is a person: who, where, how to reach them.
    'text:$[profile_type=personal].profile_id',
    'url:$[profile_type=personal].profile_url',
    'first-name:$[profile_type=personal].first_name',
    'last-name:$[profile_type=personal].last_name',
    'full-name:$[profile_type=personal].full_name',
    'text:$[profile_type=personal].headline',
    'text:$[profile_type=personal].summary',
    'address:$[profile_type=personal].location.city',
    'address:$[profile_type=personal].experience.*.location',
    'url:$[profile_type=personal].profile_picture_url',
    'contact:$[profile_type=personal].contact_info.emails.*',
    'contact:$[profile_type=personal].contact_info.phone_numbers.*.number',
    'url:$[profile_type=personal].contact_info.websites.*.url',
    'contact:$[profile_type=personal].contact_info.twitter_handle',
    'address:$[profile_type=personal].contact_info.address',
    // A company profile's own fields are public; the people around either kind of profile are not:
    // the authors of recommendations, and the related profiles that are personal ones.
    'name:recommendations.*.author_name',
    'text:recommendations.*.author_profile_id',
    'text:recommendations.*.author_headline',
    'text:recommendations.*.relationship',
    'text:recommendations.*.text',
    'text:related_profiles.*[profile_type=personal].profile_id',
    'name:related_profiles.*[profile_type=personal].display_name',
    'text:related_profiles.*[profile_type=personal].headline',
    'url:related_profiles.*[profile_type=personal].profile_url',
  ],
  operations: [
    defineOperation({
      id: 'details',
      label: 'Profile details',
      method: 'POST',
      path: '/profile-details',
      format: 'json',
      example: {
        profile_id: 'jane-doe-4a1b2c',
        profile_type: 'personal',
        contact_info: 'true',
        recommendations: 'true',
        related_profiles: 'false',
        network_info: 'true',
      },
      params: z.object({
        profile_id: param.text({
          in: 'body',
          title: 'Profile id',
          help: 'The public handle of the profile, as in its address (e.g. jane-doe-4a1b2c or acme-corp).',
          required: true,
          pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
          patternMessage: 'must be a handle of letters, digits, dots, dashes or underscores',
          maxLength: 100,
          example: 'jane-doe-4a1b2c',
        }),
        profile_type: param.enum({
          in: 'body',
          title: 'Profile type',
          help: 'personal for a person, company for an organisation page.',
          options: ['personal', 'company'],
          example: 'personal',
          defaultHint: 'personal',
        }),
        contact_info: param.boolean({
          in: 'body',
          title: 'Contact info',
          help: 'true to include e-mail addresses, phone numbers and websites.',
          example: 'true',
          defaultHint: 'false',
        }),
        recommendations: param.boolean({
          in: 'body',
          title: 'Recommendations',
          help: 'true to include the recommendations others wrote.',
          example: 'true',
          defaultHint: 'false',
        }),
        related_profiles: param.boolean({
          in: 'body',
          title: 'Related profiles',
          help: 'true to include the "people also viewed" profiles.',
          example: 'false',
          defaultHint: 'false',
        }),
        network_info: param.boolean({
          in: 'body',
          title: 'Network info',
          help: 'true to include connection and follower counts.',
          example: 'true',
          defaultHint: 'false',
        }),
      }),
      response: profileDetailsResponse,
      // A position (company, title, start) or an office (country, city, street): each record has only its own parts.
      identity: ['company_id', 'title', 'start_date', 'country_code', 'city', 'address_line'],
      adapters: {
        // Errors: {error:{status, code, message}}.
        errorMessage: (body) => firstTextAt(body, ['error.message', 'error.code']),
        success: (body) =>
          isRecord(body) && isRecord(body.error)
            ? { ok: false, message: String(body.error.message ?? body.error.code ?? 'The provider reported an error') }
            : { ok: true },
        // A person's records are their positions; a company's are its offices.
        records: (body) => (isRecord(body) && body.profile_type === 'company' ? arrayAt(body, 'locations') : arrayAt(body, 'experience')),
        label: (record) => {
          if (!isRecord(record)) return '';
          if ('company_name' in record) return `${String(record.title ?? '')} at ${String(record.company_name)}`;
          return String(record.city ?? record.address_line ?? '');
        },
      },
      notes: [
        'The parameters travel in a JSON body, as profile APIs that are called by POST take them (the spec leaves query or body open).',
        'profile_type defaults to personal; the four section flags default to false and each adds its section (contact_info, recommendations, related_profiles, network_info) only when true.',
        'The response fields are not shown in the spec: the schema is the shape such profile APIs commonly return, with personal and company profiles told apart by profile_type.',
      ],
    }),
  ],
  notes: [
    'Personal data: names, handle and address of the profile, headline, summary, city (also of each position), picture, every contact field, recommendation authors, relationships (they name both people) and texts, and related profiles. profile_id and profile_url are masked for company pages too, since the paths cannot tell the two apart.',
  ],
});
