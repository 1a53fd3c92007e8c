// The header's "Jobs" link: only on a team server that runs jobs (/jobs/config says enabled), so a
// laptop's server or one without Redis shows no page it cannot serve.
import { NavLink } from 'react-router';
import { useJobsEnabled } from '../api/jobs-client.ts';

export function JobsNavLink() {
  return useJobsEnabled() ? <NavLink to="/jobs">Jobs</NavLink> : null;
}
