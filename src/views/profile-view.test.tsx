import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import ProfileView from './profile-view.tsx';
import { viewProps } from './testing/view-props.ts';

// Each test starts from an empty document (no global auto-cleanup in this setup).
afterEach(cleanup);

describe('ProfileView', () => {
  it('reads name, headline and location, and sorts the rest into facts, tags and lists', () => {
    const body = {
      profile: {
        first_name: 'Ada',
        last_name: 'Example',
        headline: 'Engineer',
        city: 'London',
        country: 'GB',
        connections: 500,
        skills: ['TypeScript', 'Maps'],
        experiences: [{ title: 'Lead', company: 'Acme', starts_at: '2020' }],
        contact_info: { email: '***' },
      },
    };
    render(<ProfileView {...viewProps(body)} />);
    expect(screen.getByRole('heading', { name: 'Ada Example' })).toBeInTheDocument();
    expect(screen.getByText('Engineer')).toBeInTheDocument();
    expect(screen.getByText('London, GB')).toBeInTheDocument();
    expect(screen.getByText('Connections').nextSibling).toHaveTextContent('500');
    expect(within(screen.getByRole('region', { name: 'Skills' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Experiences' })).getByText('Lead · Acme · 2020')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Contact info' })).getByText('Email: ***')).toBeInTheDocument();
  });

  it('says so for an empty body', () => {
    render(<ProfileView {...viewProps({})} />);
    expect(screen.getByRole('note')).toHaveTextContent('no profile');
  });
});
