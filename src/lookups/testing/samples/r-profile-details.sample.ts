// Bodies holding every field of R's profile schema (the spec shows none; see r-profile-details.ts),
// with every optional section present, as a profile API would send them.
import { profileDetails } from '../../r-profile-details.ts';
import { defineSamples } from '../define-samples.ts';
const sections = {
  contact_info: {
    emails: ['jane.doe@example-mail.com'],
    phone_numbers: [{ number: '+1 415 555 0142', type: 'mobile' }],
    websites: [{ url: 'https://janedoe.example.com', category: 'personal' }],
    twitter_handle: 'janedoe',
    address: null,
  },
  recommendations: [
    {
      author_name: 'Marcus Lee',
      author_profile_id: 'marcus-lee-77f0e1',
      author_headline: 'Engineering Manager at Northwind',
      relationship: 'Marcus managed Jane directly',
      text: 'Jane led our payments migration with calm and rigour.',
      date: '2023-04-18',
    },
  ],
  related_profiles: [
    {
      profile_id: 'priya-shah-0c9d2a',
      profile_type: 'personal',
      display_name: 'Priya Shah',
      headline: 'Staff Engineer at Contoso',
      profile_url: 'https://www.profiles.example.com/in/priya-shah-0c9d2a',
    },
  ],
  network_info: { connections_count: 812, followers_count: 1340, connection_degree: null },
};

export const personalProfileSample = {
  profile_id: 'jane-doe-4a1b2c',
  profile_type: 'personal',
  profile_url: 'https://www.profiles.example.com/in/jane-doe-4a1b2c',
  first_name: 'Jane',
  last_name: 'Doe',
  full_name: 'Jane Doe',
  headline: 'Senior Software Engineer at Northwind',
  summary: 'I build payment systems that stay up.',
  location: { city: 'San Francisco', country: 'United States', country_code: 'US' },
  industry: 'Software Development',
  profile_picture_url: 'https://media.profiles.example.com/jane-doe-4a1b2c/photo.jpg',
  experience: [
    {
      title: 'Senior Software Engineer',
      company_name: 'Northwind',
      company_id: 'northwind',
      location: 'San Francisco, United States',
      start_date: '2021-03',
      end_date: null,
      is_current: true,
      description: 'Payments platform.',
    },
  ],
  education: [{ school: 'University of Washington', degree: 'BSc', field_of_study: 'Computer Science', start_year: 2010, end_year: 2014 }],
  skills: ['TypeScript', 'Distributed Systems'],
  languages: ['English', 'Spanish'],
  ...sections,
};

export const companyProfileSample = {
  profile_id: 'northwind',
  profile_type: 'company',
  profile_url: 'https://www.profiles.example.com/company/northwind',
  name: 'Northwind',
  tagline: 'Payments that just work',
  description: 'Northwind builds payment infrastructure for online shops.',
  industry: 'Financial Services',
  company_size: '201-500 employees',
  employee_count: 342,
  founded_year: 2012,
  website: 'https://northwind.example.com',
  logo_url: 'https://media.profiles.example.com/northwind/logo.png',
  specialties: ['payments', 'fraud prevention'],
  locations: [{ city: 'Seattle', country: 'United States', country_code: 'US', address_line: '500 Pine St', is_headquarters: true }],
  ...sections,
};

export const samples = defineSamples(profileDetails, { details: [personalProfileSample, companyProfileSample] });
