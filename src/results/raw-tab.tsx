import { useMemo } from 'react';
import type { LookupResponse } from '../api/lookup-response.ts';
import type { BodyFormat } from '../lookups/define-lookup.ts';
import { RawView } from './raw/raw-view.tsx';

interface RawTabProps {
  response: LookupResponse;
  /** The body every view uses (masked when masking applies). */
  body: unknown;
  masking: boolean;
  format: BodyFormat;
  fileStem: string;
}

/** Chooses the text the Raw tab shows: pretty JSON, the XML as received, or masked JSON. */
export function RawTab({ response, body, masking, format, fileStem }: RawTabProps) {
  const { text, note, json } = useMemo(() => {
    if (masking) {
      return {
        text: JSON.stringify(body, null, 2),
        json: true,
        note: format === 'xml' ? 'Personal data is masked, so the body is shown as JSON rather than the XML received.' : 'Personal data is masked.',
      };
    }
    if (format === 'json' && body !== undefined) return { text: JSON.stringify(body, null, 2), json: true, note: undefined };
    return { text: response.text, json: false, note: response.parseError ? 'The body could not be parsed; this is the text as received.' : undefined };
  }, [masking, body, format, response.text, response.parseError]);
  const xml = !json && format === 'xml';
  return (
    <RawView
      text={text}
      note={note}
      fileName={`${fileStem}.${json ? 'json' : xml ? 'xml' : 'txt'}`}
      mimeType={json ? 'application/json' : xml ? 'application/xml' : 'text/plain'}
    />
  );
}
