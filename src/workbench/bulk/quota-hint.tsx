// After a job refused for a per-user quota (429, team-wire.ts), what the user can do about it: with
// too many jobs at once, the Jobs page (to wait for one or cancel one). The rows of a day have no
// such page: the server's words already say when to try again.
import { Link } from 'react-router';

export function QuotaHint({ quota }: { quota: string | undefined }) {
  if (quota !== 'jobs') return null;
  return (
    <>
      {' '}
      <Link to="/jobs">See your jobs</Link>
    </>
  );
}
