// The place_dossier tool: the page's place dossier around a point (/dossier?lat=…&lon=…&radius=…),
// run on the server. The same plan (lookups/dossier-plan.ts: every lookup a bare point can fill, at
// the radius; the page's time window on those searched by time), each section through the proxy as
// the caller (dossier-section-run.ts), one after another: a progress notification per section, and
// a cancelled call sends nothing more. A priced live lookup is never sent (the page asks first; a
// tool cannot), and says so. The long form of this description is the tool's resource (tool-docs.ts).
import type { LookupId } from '../../lookups/define-lookup.ts';
import { pointTargets, targetSections } from '../../lookups/dossier-plan.ts';
import { distanceBasis } from '../../lookups/dossier-summary.ts';
import {
  DEFAULT_WINDOW,
  MAX_RADIUS_METRES,
  windowDays,
  windowFromDays,
  windowProblem,
  type DossierWindow,
} from '../../lookups/dossier-window.ts';
import { withWindow } from '../../lookups/follow-link.ts';
import { LINK_RADIUS_METRES, LINK_WINDOW_PARAMS } from '../../lookups/links.ts';
import { runSection, type SectionOutcome } from './dossier-section-run.ts';
import type { ExtraTool, McpExtensions, ToolCallContext } from './extensions.ts';
import { readToolArguments } from './tool-arguments.ts';
import { toolName, type ToolFacts } from './tool-catalog.ts';
import { toolError, type ToolResult } from './tool-result.ts';
import { toolDocs, TOOL_DOCS_SCHEME } from './tool-docs.ts';

export const PLACE_DOSSIER_TOOL = 'place_dossier';

interface DossierArguments {
  lat: number;
  lon: number;
  radius: number;
  window: DossierWindow;
}

// Terse: tools/list repeats it in every assistant's context; the tool's resource says the rest.
const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lon: { type: 'number', minimum: -180, maximum: 180 },
    radius: { type: 'integer', minimum: 1, maximum: MAX_RADIUS_METRES, default: LINK_RADIUS_METRES },
    since: { type: 'string', format: 'date' },
    until: { type: 'string', format: 'date' },
  },
  required: ['lat', 'lon'],
  additionalProperties: false,
} as const;

const KNOWN = new Set(Object.keys(INPUT_SCHEMA.properties));

/** The arguments, or what is wrong with them (each field's words, as the page's dossier URL says them). */
export function readDossierArguments(args: Record<string, unknown> | undefined): DossierArguments | string {
  const given = args ?? {};
  const problems = Object.keys(given)
    .filter((name) => !KNOWN.has(name))
    .map((name) => `${name} is not an argument of this tool`);
  const number = (name: 'lat' | 'lon' | 'radius', min: number, max: number, fallback?: number) => {
    const value = given[name] ?? fallback;
    if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max) return value;
    problems.push(value === undefined ? `${name} is required` : `${name} must be a number from ${min} to ${max}`);
    return 0;
  };
  const lat = number('lat', -90, 90);
  const lon = number('lon', -180, 180);
  const radius = number('radius', 1, MAX_RADIUS_METRES, LINK_RADIUS_METRES);
  const { since, until } = given;
  let window = DEFAULT_WINDOW;
  if (since !== undefined || until !== undefined) {
    const problem =
      typeof since !== 'string' || typeof until !== 'string'
        ? { message: 'since and until go together (both days included, YYYY-MM-DD)' }
        : windowProblem(since, until);
    if (problem) problems.push(problem.message);
    else window = windowFromDays(since as string, until as string);
  }
  return problems.length > 0 ? problems.join('; ') : { lat, lon, radius, window };
}

/** The plan for these arguments: exactly the page's for `/dossier?lat=…&lon=…&radius=…&since=…&until=…`. */
export function dossierPlan({ lat, lon, radius, window }: DossierArguments) {
  const targets = pointTargets({ lat, lon }, radius).map((target) => ({ ...target, values: withWindow(target.values, window) }));
  return { sections: targetSections(targets), timed: targets.some(({ values }) => LINK_WINDOW_PARAMS.from in values) };
}

interface SectionReport extends Partial<SectionOutcome> {
  lookup: string;
  title: string;
  operation: string;
  tool: string;
  reason: string;
  sent: boolean;
  message?: string;
}

const count = (value: number) => value.toLocaleString('en-US');

function sectionWords(section: SectionReport): string {
  const name = `${section.lookup}. ${section.title}`;
  if (!section.sent) return `${name}: not sent (${section.message}).`;
  if (section.ok === false) return `${name}: failed (${section.message}).`;
  const where = section.source === 'live' ? 'live' : section.source === 'demo' ? 'demo data' : 'source not said';
  const lines = (section.summary ?? []).map(({ term, value }) => `${term}: ${value}`).join('; ');
  return `${name} (${where}${section.masked ? ', personal data masked' : ''}${section.pages ? `, ${section.pages}` : ''}): ${lines}.`;
}

export function placeDossierTool(factsOf: (id: LookupId) => ToolFacts): ExtraTool {
  const anyLive = targetSections(pointTargets({ lat: 0, lon: 0 }, LINK_RADIUS_METRES)).some(
    ({ lookup }) => factsOf(lookup.id).mode === 'live',
  );
  return {
    definition: {
      name: PLACE_DOSSIER_TOOL,
      title: 'Place dossier',
      description: `Lookups around a point (radius in metres), each summed, with SHA-256s. See ${TOOL_DOCS_SCHEME}${PLACE_DOSSIER_TOOL}.`,
      inputSchema: INPUT_SCHEMA,
      annotations: { readOnlyHint: true, openWorldHint: anyLive },
    },
    call: (args, context) => runDossier(args, context, factsOf),
  };
}

async function runDossier(
  args: Record<string, unknown> | undefined,
  { caller, signal, notices }: ToolCallContext,
  factsOf: (id: LookupId) => ToolFacts,
): Promise<ToolResult> {
  const read = readDossierArguments(args);
  if (typeof read === 'string') return toolError(`Place dossier: invalid arguments, nothing was sent. ${read}`);
  const { sections, timed } = dossierPlan(read);
  const place = { lat: read.lat, lon: read.lon };
  const reports: SectionReport[] = [];
  for (const [index, section] of sections.entries()) {
    const { lookup, operation } = section;
    const report = {
      lookup: lookup.id,
      title: lookup.title,
      operation: operation.id,
      tool: toolName(lookup, operation),
      reason: section.reason,
    };
    if (signal?.aborted) {
      notices.log(
        'notice',
        `Place dossier: cancelled by the client after ${index} of ${sections.length} sections; the rest were not sent.`,
      );
      return toolError(`Place dossier: cancelled after ${index} of ${sections.length} sections; the rest were not sent.`);
    }
    const facts = factsOf(lookup.id);
    const args = readToolArguments(operation, section.values);
    if (facts.mode === 'live' && lookup.catalog.pricePerCall !== undefined)
      reports.push({ ...report, sent: false, message: `a paid live lookup: call ${report.tool} to spend a call` });
    else if (!args.ok) reports.push({ ...report, sent: false, message: args.message });
    else {
      notices.log(facts.mode === 'live' ? 'info' : 'debug', `Place dossier: sending ${lookup.id}. ${lookup.title} through the proxy.`);
      try {
        const outcome = await runSection({
          lookup,
          operation,
          params: args.params,
          request: args.request,
          place,
          caller,
          signal,
          onPage: (page, last) => notices.log('debug', `Place dossier: ${lookup.id}, page ${page} of ${last}.`),
        });
        reports.push({ ...report, sent: true, ...outcome });
      } catch (error) {
        if (signal?.aborted) {
          notices.log('notice', `Place dossier: cancelled by the client during ${lookup.id}; the rest were not sent.`);
          return toolError(`Place dossier: cancelled during ${lookup.id}. ${lookup.title}; the rest were not sent.`);
        }
        reports.push({ ...report, sent: true, ok: false, message: `the proxy could not be reached (${(error as Error).message})` });
      }
    }
    const done = reports.at(-1)!;
    notices.step(
      `${index + 1} of ${sections.length}: ${lookup.id}. ${lookup.title}, ${done.ok ? `${count(done.records ?? 0)} records` : 'not answered'}`,
    );
  }
  return dossierResult(read, place, timed, reports);
}

function dossierResult(read: DossierArguments, place: { lat: number; lon: number }, timed: boolean, reports: SectionReport[]): ToolResult {
  const answered = reports.filter((report) => report.ok === true);
  const rounded = answered.some((report) => report.rounded);
  const days = timed ? windowDays(read.window) : undefined;
  const structured = {
    place,
    radius: read.radius,
    ...(days && { window: days }),
    distances: distanceBasis(rounded),
    masked: answered.some((report) => report.masked),
    totalRecords: answered.reduce((sum, report) => sum + (report.records ?? 0), 0),
    answers: answered.map((report) => `${report.lookup}: ${count(report.records ?? 0)} records`).join(' · '),
    sections: reports,
  };
  const text = [
    `Place dossier around ${place.lat}, ${place.lon} within ${count(Math.round(read.radius))} m${days ? `, from ${days.since} to ${days.until} (both days included)` : ''}: ${answered.length} of ${reports.length} sections answered, ${count(structured.totalRecords)} records.`,
    ...reports.map(sectionWords),
    distanceBasis(rounded),
    'Each request’s SHA-256 (of the answer’s bytes as received) is in sections[].requests, as in the evidence pack’s appendix.',
  ].join('\n');
  return {
    content: [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(structured) },
    ],
    structuredContent: structured,
    ...(answered.length === 0 && { isError: true }),
  };
}

/** The tool and its long form, as the server's extensions. */
export function dossierExtensions(factsOf: (id: LookupId) => ToolFacts): McpExtensions {
  return { ...toolDocs([PLACE_DOSSIER_TOOL]), tools: [placeDossierTool(factsOf)] };
}
