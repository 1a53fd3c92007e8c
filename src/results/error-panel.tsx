import type { ErrorReport } from './describe-error.ts';
import { formatBytes } from './format.ts';

interface ErrorPanelProps {
  report: ErrorReport;
  onRetry: () => void;
}

/** One failure, in words: what happened, the provider's message, what to try, and the raw body. */
export function ErrorPanel({ report, onRetry }: ErrorPanelProps) {
  const { response } = report;
  return (
    <section className="error-panel" role="alert" aria-label={report.title} data-kind={report.kind}>
      <h2>{report.title}</h2>
      {/* The message only when it says more than the title ("The request was cancelled" twice says nothing). */}
      {report.message && !sameWords(report.message, report.title) && <p className="error-message">{report.message}</p>}
      {report.fields && report.fields.length > 0 && (
        <ul className="error-fields">
          {report.fields.map(([name, message]) => (
            <li key={name}>
              <code>{name}</code>: {message}
            </li>
          ))}
        </ul>
      )}
      <p className="error-hint">{report.hint}</p>
      {report.canRetry && (
        <button type="button" className="primary" onClick={onRetry}>
          Retry
        </button>
      )}
      {response && response.text !== '' && (
        <details className="error-body">
          <summary>
            Raw body ({formatBytes(response.sizeBytes)}, {response.contentType || 'no content type'})
          </summary>
          <pre tabIndex={0}>{response.text.length > 20_000 ? `${response.text.slice(0, 20_000)}\n…` : response.text}</pre>
        </details>
      )}
    </section>
  );
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[.!\s]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
const sameWords = (a: string, b: string) => words(a) === words(b);
