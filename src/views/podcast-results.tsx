// T's own view: the search results as cards, with the count and the total.
import type { OwnViewProps } from '../results/slots.ts';
import { plural } from '../lookups/adapters.ts';
import { typedBody } from '../lookups/answer.ts';
import { podcastSearchResponse } from '../lookups/t-podcast-search.ts';
import { PodcastCard } from './podcast-card.tsx';
import { ViewMessage } from './view-message.tsx';
import './views.css';

export default function PodcastResults({ answer, selectedIndex, onSelect }: OwnViewProps) {
  const body = typedBody(answer, podcastSearchResponse)?.body;
  if (!body?.results) return <ViewMessage>This body has no search results to show.</ViewMessage>;
  const { results, total, took } = body;
  if (results.length === 0) return <p className="view-message">No episode, podcast or list matches this search.</p>;
  return (
    <section className="podcast-results" aria-labelledby="podcast-heading">
      <h3 id="podcast-heading">
        {plural(results.length, 'result')}
        {total !== undefined && total > results.length && (
          <>
            {' '}
            <span className="muted">of {total.toLocaleString('en-US')}</span>
          </>
        )}
        {took !== undefined && (
          <>
            {' '}
            <span className="muted">· {took} s</span>
          </>
        )}
      </h3>
      <ul className="podcast-list">
        {results.map((result, index) => (
          <PodcastCard
            key={result?.id || index}
            index={index}
            result={result ?? {}}
            selected={selectedIndex === index}
            onSelect={() => onSelect(selectedIndex === index ? undefined : index)}
          />
        ))}
      </ul>
    </section>
  );
}
