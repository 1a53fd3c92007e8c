// /lookups/<letter>/compare: two answers of one lookup from History, side by side as a diff. The
// choice lives in the URL (?a=<entry id>&b=<entry id>), so a reload or a shared link keeps it.
import { Link, useParams, useSearchParams } from 'react-router';
import type { LookupDefinition } from '../lookups/define-lookup.ts';
import { lookupBySlug } from '../lookups/registry.ts';
import { CompareAnswersView } from '../workbench/compare/compare-answers-view.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { useDocumentTitle } from './use-document-title.ts';
import { QueryScope } from './query-scope.tsx';

export function ComparePage() {
  const { slug = '' } = useParams();
  const lookup = lookupBySlug(slug);
  if (!lookup) return <NotFoundPage what="lookup" />;
  return (
    <QueryScope>
      <CompareLookupAnswers key={lookup.id} lookup={lookup} />
    </QueryScope>
  );
}

function CompareLookupAnswers({ lookup }: { lookup: LookupDefinition }) {
  const [search, setSearch] = useSearchParams();
  useDocumentTitle(`Compare · ${lookup.id}. ${lookup.title}`);
  return (
    <div className="compare-page">
      <p>
        <Link to={`/lookups/${lookup.slug}`}>
          ← Back to {lookup.id}. {lookup.title}
        </Link>
      </p>
      <h1>
        Compare answers: {lookup.id}. {lookup.title}
      </h1>
      <p className="lede">Pick two answers kept in History; records are matched by their identity and compared field by field.</p>
      <CompareAnswersView
        lookup={lookup}
        firstId={search.get('a') ?? undefined}
        secondId={search.get('b') ?? undefined}
        onChoose={(a, b) => setSearch({ a, b }, { replace: true })}
      />
    </div>
  );
}
