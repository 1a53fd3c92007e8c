// The long form of the tools beyond single lookups, as resources (`lookup-explorer://tools/<name>`):
// tools/list carries a sentence per tool (it is repeated in every assistant's context), and these
// say the rest: what each section or job does, what it costs, what comes back.
import { DOSSIER_RECORD_CAP } from '../../lookups/dossier-plan.ts';
import { MAX_RADIUS_METRES, MAX_WINDOW_DAYS } from '../../lookups/dossier-window.ts';
import { LINK_RADIUS_METRES } from '../../lookups/links.ts';
import type { McpExtensions } from './extensions.ts';
import { RESOURCE_SCHEME, type ResourceListing } from './resources.ts';

export const TOOL_DOCS_SCHEME = `${RESOURCE_SCHEME}://tools/`;

const DOCS: Record<string, { title: string; text: string }> = {
  place_dossier: {
    title: 'place_dossier: the place dossier around a point',
    text: `# place_dossier

The app's place dossier (\`/dossier?lat=…&lon=…&radius=…\`) run for you: every lookup that can search
around a bare point (today B, L and M), each with the dossier's radius and, where it searches by
time, the dossier's window.

- Arguments: \`lat\`, \`lon\`; \`radius\` in metres (1 to ${MAX_RADIUS_METRES.toLocaleString('en-US')}, default ${LINK_RADIUS_METRES});
  \`since\` and \`until\` (YYYY-MM-DD, both days included, at most ${MAX_WINDOW_DAYS} days; the spec's examples' week when absent).
- Each section is one call of that lookup's own tool, through the same proxy: the same budgets, rate
  limits, masking and audit lines. A paged answer has every page fetched and merged when the calls
  are free (demo data or an unpriced lookup) and the answer is at most ${DOSSIER_RECORD_CAP.toLocaleString('en-US')} records;
  otherwise the section says which page it holds. A paid live lookup is never sent by the dossier:
  call its own tool.
- Each section: status, source (live or demo), masked, records (summed), the page's summary lines
  (count, most frequent values, nearest records with their distance, time span), and \`requests\`:
  each request's proxy URL, status, bytes and SHA-256 of the answer's bytes as received (the
  evidence pack's appendix). A refused section (a spent budget) says so and the others still run.
- Distances: measured from your point. Where an answer is masked its positions are rounded (about
  1 km), so a distance reads "within about 1 km (rounded position)" and is never stated closer.
- Progress: one notification per section when your call asks for progress; cancelling the call
  stops the section in flight and sends none of the rest.
`,
  },
  run_job: {
    title: 'run_job: a server job over a list of rows',
    text: `# run_job

A server job (the page's /jobs): one lookup operation run over a list of rows, each row that
operation's parameters by name, by the server's own workers, as you (the job's owner).

- Arguments: \`lookup\` (its letter), \`operation\` (its id; see the catalog resource), \`rows\`
  (a list of objects, each the operation's parameters), \`concurrency\` (optional, at most what the
  server allows a job).
- Every row is checked before anything is queued; a row that is not valid refuses the whole job,
  naming the row. Each row then goes through the proxy as your request would: the same budgets
  (a job whose budget runs out pauses as \`paused-budget\` and resumes when it resets), rate limits,
  masking and audit lines.
- The result: the job (id, state, rows, done, failed, url) at once; when your call asks for
  progress, the call instead waits for the job to end, with a progress notification as rows finish,
  and cancelling the call cancels the job.
- The merged results (each input row with row_status, row_reason and its answer's records, as the
  job's result.json) are the resource \`${RESOURCE_SCHEME}://jobs/{id}/results\`, readable by the
  job's owner only (as GET /jobs/{id}/result.json); large results are cut, and the resource says
  where the whole file is.
`,
  },
};

/** The long form of the named tools, as resources. */
export function toolDocs(names: readonly string[]): McpExtensions {
  const listed: ResourceListing[] = names.flatMap((name) => {
    const doc = DOCS[name];
    return doc
      ? [
          {
            uri: `${TOOL_DOCS_SCHEME}${name}`,
            name: `${name}-tool`,
            title: doc.title,
            description: `How ${name} works, in full.`,
            mimeType: 'text/markdown',
          },
        ]
      : [];
  });
  return {
    tools: [],
    resources: listed,
    resourceTemplates: [],
    async readResource(uri) {
      const name = uri.startsWith(TOOL_DOCS_SCHEME) ? uri.slice(TOOL_DOCS_SCHEME.length) : undefined;
      const doc = name !== undefined && names.includes(name) ? DOCS[name] : undefined;
      return doc && { uri, mimeType: 'text/markdown', text: doc.text };
    },
  };
}
