import { Link } from 'react-router';

export function NotFoundPage({ what = 'page' }: { what?: string }) {
  return (
    <section className="not-found">
      <h1>No such {what}</h1>
      <p>
        The address does not match any lookup. <Link to="/">Back to the catalog</Link>
      </p>
    </section>
  );
}
