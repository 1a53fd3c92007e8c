// The Query (JSONPath) and Find (text) boxes over the Tree and Raw tabs, and the list of what they
// found: each result names its path and a preview, and jumps to its place when pressed. The work
// runs where the answer's document lives (a worker for a large answer); the page keeps the list.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { ListedMatch, MatchReply } from './document-session.ts';
import { findTextProblem } from './find-text.ts';
import { JsonPathError, parseJsonPath } from './json-path-parse.ts';
import type { PanelMemory, SharedDocument } from './shared-document.ts';
import './answer-query.css';

export const QUERY_PLACEHOLDER = 'e.g. $..id or $.items[?(@.price < 10)]';

interface QueryPanelProps {
  shared: SharedDocument;
  /** Goes to a result's place in the tab (expands and focuses the node, or scrolls to the line). */
  onJump: (match: ListedMatch) => void;
  /** An example query that fits this answer, for the placeholder. */
  placeholder?: string;
}

type Status = { state: 'idle' } | { state: 'running'; kind: 'query' | 'find' } | { state: 'failed'; message: string };

const count = (value: number) => value.toLocaleString('en-US');

function describe(shown: NonNullable<PanelMemory['shown']>): string {
  const { kind, asked, reply } = shown;
  const what = kind === 'query' ? `for ${asked}` : `for “${asked}”`;
  if (reply.total === 0) return `No ${kind === 'query' ? 'match' : 'key or value found'} ${what}.`;
  const noun =
    kind === 'query' ? (reply.total === 1 ? 'match' : 'matches') : reply.total === 1 ? 'key or value found' : 'keys or values found';
  const cut = reply.matches.length < reply.total ? `; the first ${count(reply.matches.length)} are listed` : '';
  return `${count(reply.total)} ${noun} ${what}${cut}.`;
}

/** A field's attributes for its problem message (FieldProblem), when it has one. */
const problemAttributes = (messageId: string, message: string | undefined) => ({
  'aria-invalid': message !== undefined,
  'aria-describedby': message !== undefined ? messageId : undefined,
});

/** Why a box's text was refused, under the box. */
function FieldProblem({ id, message }: { id: string; message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p id={id} className="answer-query-error">
      {message}
    </p>
  );
}

/** A text with the part Find found in it marked. */
function MarkedText({ text, mark }: { text: string; mark?: [number, number] }) {
  if (!mark) return text;
  const [start, end] = mark;
  return (
    <>
      {text.slice(0, start)}
      <mark>{text.slice(start, end)}</mark>
      {text.slice(end)}
    </>
  );
}

export function QueryPanel({ shared, onJump, placeholder = QUERY_PLACEHOLDER }: QueryPanelProps) {
  const id = useId();
  const { memory, document } = shared;
  const [query, setQuery] = useState(memory.query);
  const [find, setFind] = useState(memory.find);
  const [queryError, setQueryError] = useState<string>();
  const [findError, setFindError] = useState<string>();
  const [shown, setShown] = useState(memory.shown);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  // The listed result last pressed, by its place in the list: a query may list one node twice.
  const [active, setActive] = useState<number>();

  function show(kind: 'query' | 'find', asked: string, reply: MatchReply) {
    if (!reply.ok) {
      (kind === 'query' ? setQueryError : setFindError)(reply.message);
      setStatus({ state: 'idle' });
      return;
    }
    const next = { kind, asked, reply };
    shared.remember({ shown: next });
    setShown(next);
    setActive(undefined);
    setStatus({ state: 'idle' });
  }

  function run(kind: 'query' | 'find', asked: string, work: Promise<MatchReply>) {
    setStatus({ state: 'running', kind });
    work.then(
      (reply) => show(kind, asked, reply),
      (error: unknown) => setStatus({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }

  function onQuery(event: FormEvent) {
    event.preventDefault();
    shared.remember({ query });
    // Checked here first: a typo is reported at once, without a round trip to the worker.
    try {
      parseJsonPath(query);
    } catch (error) {
      if (!(error instanceof JsonPathError)) throw error;
      setQueryError(error.message);
      return;
    }
    setQueryError(undefined);
    run('query', query.trim(), document.query(query));
  }

  function onFind(event: FormEvent) {
    event.preventDefault();
    shared.remember({ find });
    if (find.trim() === '') return;
    // Checked here too: the message belongs at the field, and a pasted page of text is not sent.
    const problem = findTextProblem(find.trim());
    setFindError(problem);
    if (problem) return;
    run('find', find.trim(), document.find(find));
  }

  const announce =
    status.state === 'running'
      ? status.kind === 'query'
        ? 'Running the query…'
        : 'Finding…'
      : status.state === 'failed'
        ? status.message
        : shown
          ? describe(shown)
          : '';

  return (
    <section className="answer-query" aria-label="Query and find in the body">
      <div className="answer-query-forms">
        <form className="answer-query-form" onSubmit={onQuery} role="search" aria-label="JSONPath query">
          <label htmlFor={`${id}-query`}>JSONPath query</label>
          <div className="answer-query-row">
            <input
              id={`${id}-query`}
              type="text"
              value={query}
              placeholder={placeholder}
              spellCheck={false}
              autoComplete="off"
              {...problemAttributes(`${id}-query-error`, queryError)}
              onChange={(event) => {
                setQuery(event.target.value);
                setQueryError(undefined);
              }}
            />
            <button type="submit">Run</button>
          </div>
          <FieldProblem id={`${id}-query-error`} message={queryError} />
        </form>
        <form className="answer-query-form" onSubmit={onFind} role="search" aria-label="Find a key or value">
          <label htmlFor={`${id}-find`}>Find a key or value</label>
          <div className="answer-query-row">
            <input
              id={`${id}-find`}
              type="search"
              value={find}
              placeholder="text, any case"
              autoComplete="off"
              {...problemAttributes(`${id}-find-error`, findError)}
              onChange={(event) => {
                setFind(event.target.value);
                setFindError(undefined);
              }}
            />
            <button type="submit">Find</button>
          </div>
          <FieldProblem id={`${id}-find-error`} message={findError} />
        </form>
      </div>
      <p className="answer-query-status" role="status" aria-live="polite">
        {announce}
      </p>
      {shown && shown.reply.matches.length > 0 && (
        <ol className="answer-query-results" aria-label={shown.kind === 'query' ? 'Query results' : 'Find results'}>
          {shown.reply.matches.map((match, index) => (
            // By place: RFC 9535 lets a query select one node more than once ($..*..*), so a path is no key.
            <li key={index}>
              <button
                type="button"
                aria-current={active === index ? 'true' : undefined}
                onClick={() => {
                  setActive(index);
                  onJump(match);
                }}
              >
                <code className="answer-query-path">
                  <MarkedText text={match.id} mark={match.marks?.id} />
                </code>{' '}
                <span className={match.marks?.preview ? 'answer-query-preview is-excerpt' : 'answer-query-preview'}>
                  {match.where ? `${match.where === 'both' ? 'key and value' : match.where}: ` : ''}
                  <MarkedText text={match.preview} mark={match.marks?.preview} />
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
