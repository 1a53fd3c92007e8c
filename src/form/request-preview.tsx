import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import type { FormValues } from './form-values.ts';
import { draftRequest } from './draft-request.ts';

interface RequestPreviewProps {
  lookup: AnyLookup;
  operation: AnyOperation;
  values: FormValues;
}

/** The request as the draft stands, updated on every keystroke. */
export function RequestPreview({ lookup, operation, values }: RequestPreviewProps) {
  const request = draftRequest(lookup, operation, values);
  return (
    <div className="request-preview">
      <h2>Request</h2>
      <p className="request-line">
        <code>
          {request.method} {request.url}
        </code>
        {request.incomplete && <span className="incomplete"> (incomplete)</span>}
      </p>
      {request.body && (
        <pre className="request-body" aria-label="Request body">
          {request.body}
        </pre>
      )}
    </div>
  );
}
