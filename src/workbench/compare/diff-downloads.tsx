// The diff's two downloads. The writer (and Papa Parse with it) loads on the first click, so the
// compare page's own chunk stays small.
import { downloadText } from '../../results/download.ts';
import type { AnswerDiff } from './diff.ts';
import type { DiffExportContext } from './diff-export.ts';

function fileStem({ lookupId, operationId }: DiffExportContext): string {
  return `compare-${lookupId.toLowerCase()}-${operationId}-${new Date().toISOString().slice(0, 10)}`;
}

export function DiffDownloads({ diff, context }: { diff: AnswerDiff; context: DiffExportContext }) {
  const download = async (format: 'csv' | 'json') => {
    const { diffToCsv, diffToJson } = await import('./diff-export.ts');
    if (format === 'csv') downloadText(`${fileStem(context)}.csv`, diffToCsv(diff), 'text/csv;charset=utf-8');
    else downloadText(`${fileStem(context)}.json`, diffToJson(diff, context), 'application/json');
  };
  return (
    <div className="compare-downloads" role="group" aria-label="Export the diff">
      <button type="button" onClick={() => void download('csv')}>
        Download diff (CSV)
      </button>
      <button type="button" onClick={() => void download('json')}>
        Download diff (JSON)
      </button>
    </div>
  );
}
