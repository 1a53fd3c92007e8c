import { describe, expect, it } from 'vitest';
import { companyProfile, personalProfile, profileDetails, profileDetailsResponse } from './r-profile-details.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { maskPersonalData, personalValues } from './masking.ts';
import { companyProfileSample, personalProfileSample } from './testing/samples/r-profile-details.sample.ts';

// The spec shows no response fields for R; this table is the profile shape chosen in
// r-profile-details.ts, so a change to it is a deliberate change to this list.
const sections: SpecField[] = [
  ['contact_info.emails[]', 'string'],
  ['contact_info.phone_numbers[].number', 'string'],
  ['contact_info.phone_numbers[].type', 'string'],
  ['contact_info.websites[].url', 'string'],
  ['contact_info.websites[].category', 'string'],
  ['contact_info.twitter_handle', 'string', 'nullable'],
  ['contact_info.address', 'string', 'nullable'],
  ['recommendations[].author_name', 'string'],
  ['recommendations[].author_profile_id', 'string'],
  ['recommendations[].author_headline', 'string'],
  ['recommendations[].relationship', 'string'],
  ['recommendations[].text', 'string'],
  ['recommendations[].date', 'string'],
  ['related_profiles[].profile_id', 'string'],
  ['related_profiles[].profile_type', 'string'],
  ['related_profiles[].display_name', 'string'],
  ['related_profiles[].headline', 'string'],
  ['related_profiles[].profile_url', 'string'],
  ['network_info.connections_count', 'integer'],
  ['network_info.followers_count', 'integer'],
  ['network_info.connection_degree', 'integer', 'nullable'],
];
const personal: SpecField[] = [
  ['profile_id', 'string'],
  ['profile_type', 'string'],
  ['profile_url', 'string'],
  ['first_name', 'string'],
  ['last_name', 'string'],
  ['full_name', 'string'],
  ['headline', 'string'],
  ['summary', 'string', 'nullable'],
  ['location.city', 'string', 'nullable'],
  ['location.country', 'string'],
  ['location.country_code', 'string'],
  ['industry', 'string'],
  ['profile_picture_url', 'string', 'nullable'],
  ['experience[].title', 'string'],
  ['experience[].company_name', 'string'],
  ['experience[].company_id', 'string', 'nullable'],
  ['experience[].location', 'string', 'nullable'],
  ['experience[].start_date', 'string'],
  ['experience[].end_date', 'string', 'nullable'],
  ['experience[].is_current', 'boolean'],
  ['experience[].description', 'string', 'nullable'],
  ['education[].school', 'string'],
  ['education[].degree', 'string', 'nullable'],
  ['education[].field_of_study', 'string', 'nullable'],
  ['education[].start_year', 'integer', 'nullable'],
  ['education[].end_year', 'integer', 'nullable'],
  ['skills[]', 'string'],
  ['languages[]', 'string'],
  ...sections,
];
const company: SpecField[] = [
  ['profile_id', 'string'],
  ['profile_type', 'string'],
  ['profile_url', 'string'],
  ['name', 'string'],
  ['tagline', 'string', 'nullable'],
  ['description', 'string'],
  ['industry', 'string'],
  ['company_size', 'string'],
  ['employee_count', 'integer'],
  ['founded_year', 'integer', 'nullable'],
  ['website', 'string', 'nullable'],
  ['logo_url', 'string', 'nullable'],
  ['specialties[]', 'string'],
  ['locations[].city', 'string'],
  ['locations[].country', 'string'],
  ['locations[].country_code', 'string'],
  ['locations[].address_line', 'string'],
  ['locations[].is_headquarters', 'boolean'],
  ...sections,
];

const operation = profileDetails.operations[0];
const adapters = operation.adapters;

describe('R profile details', () => {
  it('has every field of the chosen profile shapes with its type and nullability', () => {
    expect(specFieldProblems(personalProfile, personal)).toEqual([]);
    expect(specFieldProblems(companyProfile, company)).toEqual([]);
  });

  it('parses both sample bodies, keeping unknown fields', () => {
    expect(profileDetailsResponse.parse({ ...personalProfileSample, certifications: [] })).toMatchObject({
      full_name: 'Jane Doe',
      certifications: [],
    });
    expect(profileDetailsResponse.parse(companyProfileSample)).toMatchObject({ name: 'Northwind' });
  });

  it('accepts a profile without the optional sections', () => {
    const { contact_info: _c, recommendations: _r, related_profiles: _p, network_info: _n, ...bare } = personalProfileSample;
    expect(profileDetailsResponse.safeParse(bare).success).toBe(true);
  });

  it('reports a wrong type at its path', () => {
    const body = { ...personalProfileSample, network_info: { ...personalProfileSample.network_info, followers_count: '1.3k' } };
    expect(profileDetailsResponse.safeParse(body).error?.issues[0]?.path).toEqual(['network_info', 'followers_count']);
  });

  it('builds a POST with every parameter in the JSON body and none in the query', () => {
    const params = operation.params.parse({
      profile_id: 'jane-doe-4a1b2c',
      profile_type: 'personal',
      contact_info: 'true',
      network_info: 'false',
    });
    const request = buildRequest(operation, params);
    expect(request.method).toBe('POST');
    expect(requestTarget(request)).toBe('/profile-details');
    expect(request.body).toEqual({ profile_id: 'jane-doe-4a1b2c', profile_type: 'personal', contact_info: true, network_info: false });
  });

  it('refuses bad parameters with messages per field', () => {
    const result = operation.params.safeParse({ profile_id: 'jane doe', profile_type: 'school', recommendations: 'yes' });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      profile_id: 'must be a handle of letters, digits, dots, dashes or underscores',
      profile_type: 'must be one of personal, company',
      recommendations: 'must be true or false',
    });
    expect(operation.params.safeParse({}).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['profile_id', 'is required'],
    ]);
  });

  it('reads failure from an error member', () => {
    expect(adapters.success(personalProfileSample)).toEqual({ ok: true });
    expect(adapters.success({ error: { status: 404, code: 'profile_not_found', message: 'No profile.' } })).toEqual({
      ok: false,
      message: 'No profile.',
    });
  });

  it("takes positions as a person's records and offices as a company's", () => {
    const positions = adapters.records(personalProfileSample)!;
    expect(positions).toHaveLength(1);
    expect(adapters.label(positions[0])).toBe('Senior Software Engineer at Northwind');
    const offices = adapters.records(companyProfileSample)!;
    expect(adapters.label(offices[0])).toBe('Seattle');
  });

  it('names personal-data paths that reach a value in the personal profile', () => {
    for (const path of profileDetails.personalData) expect(personalValues(personalProfileSample, [path]).length, path).toBeGreaterThan(0);
    expect(profileDetails.personalData).toEqual(
      expect.arrayContaining([
        'full-name:$[profile_type=personal].full_name',
        'contact:$[profile_type=personal].contact_info.emails.*',
        'name:recommendations.*.author_name',
      ]),
    );
  });

  it("leaves a company profile's public fields alone, but masks the people around it", () => {
    const company: Record<string, unknown> = companyProfileSample;
    const masked: Record<string, unknown> = maskPersonalData(company, profileDetails.personalData);
    const aroundIt = ['recommendations', 'related_profiles'];
    for (const key of Object.keys(company).filter((name) => !aroundIt.includes(name))) expect(masked[key], key).toEqual(company[key]);
    const reached = personalValues(company, profileDetails.personalData);
    expect(reached.length).toBeGreaterThan(0);
    for (const { path } of reached) expect(aroundIt).toContain(path[0]);
    expect(JSON.stringify(masked.recommendations)).not.toContain('Marcus Lee');
  });

  it('masks every personal field of a full profile and leaves the rest alone', () => {
    const masked = maskPersonalData(personalProfileSample, profileDetails.personalData);
    const text = JSON.stringify(masked);
    for (const secret of [
      'Jane',
      'Doe',
      'jane.doe@example-mail.com',
      '+1 415 555 0142',
      'janedoe',
      'Marcus Lee',
      'marcus-lee-77f0e1',
      'Priya Shah',
      'payments migration',
      'San Francisco',
    ])
      expect(text).not.toContain(secret);
    expect(masked).toMatchObject({
      industry: 'Software Development',
      skills: ['TypeScript', 'Distributed Systems'],
      network_info: { connections_count: 812 },
    });
  });
});
