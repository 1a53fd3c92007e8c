// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { profileDetails, profileDetailsResponse, profileErrorResponse } from '../lookups/r-profile-details.ts';
import { profileDetailsDemo } from './r-profile-details.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = profileDetails.operations[0];

const ask = demoAsker(profileDetailsDemo, profileDetails);

function profile(input: Record<string, string>): Record<string, unknown> {
  const response = ask(input);
  expect(response.status).toBe(200);
  expect(profileDetailsResponse.safeParse(response.body).success).toBe(true);
  return response.body as Record<string, unknown>;
}

const ALL = { contact_info: 'true', recommendations: 'true', related_profiles: 'true', network_info: 'true' };

describe('R demo', () => {
  it('answers the example with a profile whose records adapter finds positions', () => {
    const body = ask(operation.example, { requestId: 'r' }).body;
    expect(profileDetailsResponse.safeParse(body).success).toBe(true);
    expect(operation.adapters.records(body)!.length).toBeGreaterThan(0);
  });

  it('names a person after a handle like first-last-xxxx and defaults to a personal profile', () => {
    expect(profile({ profile_id: 'jane-doe-4a1b2c' })).toMatchObject({
      profile_type: 'personal',
      full_name: 'Jane Doe',
      first_name: 'Jane',
    });
  });

  it('adds each optional section only when its flag is true', () => {
    const bare = profile({ profile_id: 'jane-doe-4a1b2c' });
    for (const section of Object.keys(ALL)) expect(bare).not.toHaveProperty(section);
    for (const section of Object.keys(ALL)) {
      const one = profile({ profile_id: 'jane-doe-4a1b2c', [section]: 'true' });
      expect(Object.keys(one).filter((key) => key in ALL)).toEqual([section]);
    }
    const none = profile({ profile_id: 'jane-doe-4a1b2c', contact_info: 'false', network_info: 'false' });
    expect(none).not.toHaveProperty('contact_info');
  });

  it('keeps the rest of the profile unchanged when a section is added', () => {
    const bare = profile({ profile_id: 'sam-lee-99' });
    const full = profile({ profile_id: 'sam-lee-99', ...ALL });
    expect(full).toMatchObject(bare);
    expect((full.recommendations as unknown[]).length).toBeGreaterThan(0);
    expect((full.related_profiles as unknown[]).length).toBeGreaterThan(2);
  });

  it('answers company pages with offices, related companies and no recommendations', () => {
    const company = profile({ profile_id: 'acme-robotics', profile_type: 'company', ...ALL });
    expect(company).toMatchObject({ profile_type: 'company', name: 'Acme Robotics', recommendations: [] });
    expect((company.locations as Array<{ is_headquarters: boolean }>)[0]!.is_headquarters).toBe(true);
    expect((company.related_profiles as Array<{ profile_type: string }>).every((related) => related.profile_type === 'company')).toBe(true);
    expect(profile({ profile_id: '1441', profile_type: 'company' }).profile_type).toBe('company');
  });

  it('is deterministic per id and type, and differs between them', () => {
    const input = { profile_id: 'jane-doe-4a1b2c', ...ALL };
    expect(JSON.stringify(ask(input))).toBe(JSON.stringify(ask(input)));
    expect(JSON.stringify(profile(input))).not.toBe(JSON.stringify(profile({ ...input, profile_id: 'jane-doe-4a1b2d' })));
  });

  it('answers an unknown profile with a provider-style 404', () => {
    const unknown: Array<Record<string, string>> = [
      { profile_id: 'unknown-person' },
      { profile_id: '123456', profile_type: 'personal' },
      { profile_id: 'unknown', profile_type: 'company' },
    ];
    for (const input of unknown) {
      const response = ask(input);
      expect(response.status).toBe(404);
      expect(profileErrorResponse.safeParse(response.body).success).toBe(true);
      expect(operation.adapters.success(response.body).ok).toBe(false);
    }
  });
});
