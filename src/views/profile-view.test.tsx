import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { profileDetails } from '../lookups/r-profile-details.ts';
import ProfileView from './profile-view.tsx';
import { viewProps } from './testing/view-props.ts';

// Each test starts from an empty document (no global auto-cleanup in this setup).
afterEach(cleanup);

describe('ProfileView', () => {
  it('reads name, headline and location of a personal profile, and sorts the rest into facts, tags and lists', () => {
    // R declares its body exactly (no wrapper); a partial body is shown for what it has.
    const body = {
      profile_type: 'personal',
      first_name: 'Ada',
      last_name: 'Example',
      headline: 'Engineer',
      location: { city: 'London', country: 'GB', country_code: 'GB' },
      industry: 'Software',
      skills: ['TypeScript', 'Maps'],
      experience: [{ title: 'Lead', company_name: 'Acme', start_date: '2020' }],
      network_info: { connections_count: 500 },
    };
    render(<ProfileView {...viewProps(body, profileDetails)} />);
    expect(screen.getByRole('heading', { name: 'Ada Example' })).toBeInTheDocument();
    expect(screen.getByText('Engineer')).toBeInTheDocument();
    expect(screen.getByText('London, GB')).toBeInTheDocument();
    expect(screen.getByText('Industry').nextSibling).toHaveTextContent('Software');
    expect(within(screen.getByRole('region', { name: 'Skills' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Experience' })).getByText('Lead · Acme · 2020–?')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Network info' })).getByText('Connections count: 500')).toBeInTheDocument();
  });

  it('gives each experience what it was and when, and labels and counts in plain words', () => {
    const body = {
      profile_type: 'personal',
      full_name: 'Ada Example',
      profile_url: 'https://profiles.example.com/in/ada',
      experience: [
        {
          title: 'National Configuration Producer',
          company_name: 'Turcotte LLC',
          company_id: 'turcotte-llc',
          location: 'Chicago, US',
          start_date: '2023-04',
          end_date: null,
          is_current: true,
          description: 'Synergy.',
        },
        {
          title: 'Analyst',
          company_name: 'Acme',
          company_id: null,
          location: null,
          start_date: '2019-03',
          end_date: '2021-06',
          is_current: false,
          description: null,
        },
      ],
      education: [{ school: 'University of Leeds', degree: 'BSc', field_of_study: null, start_year: 2011, end_year: 2015 }],
      network_info: { connections_count: 11362 },
    };
    render(<ProfileView {...viewProps(body, profileDetails)} />);
    const experience = within(screen.getByRole('region', { name: 'Experience' }));
    expect(experience.getByText('National Configuration Producer · Turcotte LLC · Chicago, US · 2023-04–current')).toBeInTheDocument();
    expect(experience.getByText('Analyst · Acme · 2019-03–2021-06')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Education' })).getByText('University of Leeds · BSc · 2011–2015'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Network info' })).getByText('Connections count: 11,362')).toBeInTheDocument();
    expect(screen.getByText('Profile URL')).toBeInTheDocument();
  });

  it('reads a company profile’s name, tagline and headquarters', () => {
    const body = {
      profile_type: 'company',
      name: 'Acme Corp',
      tagline: 'Anvils since 1949',
      description: 'Makers of things.',
      locations: [
        { city: 'Leeds', country: 'GB', is_headquarters: false },
        { city: 'Austin', country: 'US', is_headquarters: true },
      ],
    };
    render(<ProfileView {...viewProps(body, profileDetails)} />);
    expect(screen.getByRole('heading', { name: 'Acme Corp' })).toBeInTheDocument();
    expect(screen.getByText('Anvils since 1949')).toBeInTheDocument();
    expect(screen.getByText('Austin, US')).toBeInTheDocument();
    expect(screen.getByText('Makers of things.')).toBeInTheDocument();
  });

  it('leaves out a drifted field and keeps the rest', () => {
    render(
      <ProfileView
        {...viewProps({ profile_type: 'personal', full_name: 'Ada Example', headline: 42, industry: 'Software' }, profileDetails)}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Ada Example' })).toBeInTheDocument();
    expect(screen.queryByText('42')).toBeNull();
  });

  it('says so for an empty body, and for a wrapped one (R’s body is never wrapped)', () => {
    render(<ProfileView {...viewProps({}, profileDetails)} />);
    expect(screen.getByRole('note')).toHaveTextContent('no profile');
    cleanup();
    render(<ProfileView {...viewProps({ profile: { profile_type: 'personal', full_name: 'Ada' } }, profileDetails)} />);
    expect(screen.getByRole('note')).toHaveTextContent('no profile');
  });
});
