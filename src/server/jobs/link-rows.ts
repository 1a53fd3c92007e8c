// A job "from a link to an answer" (POST /jobs with `from`): the server runs the source query
// itself, through its own front door as the job's owner (the same path as a row: budgets, cache,
// masking, audit), and turns each of the answer's records into a row of the target with the
// lookup links table (src/lookups/links.ts), exactly as a table row's "Look up…" would fill the
// form. Records that lack a value the link needs, or whose values the target refuses, are left
// out; duplicates are sent once.
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import { linkRecords, linkValues } from '../../lookups/follow-link.ts';
import type { LookupIndex } from '../../lookups/lookup-index.ts';
import { linksFrom, type LookupLink } from '../../lookups/links.ts';
import type { RowInput } from './job-store.ts';

export interface LinkSource {
  lookup: string;
  operation: string;
  params: Record<string, unknown>;
  /** Which link, by its label, when more than one joins the two operations. */
  link?: string;
}

export type LinkPlan =
  | { ok: true; source: { lookup: AnyLookup; operation: AnyOperation; params: Params }; link: LookupLink }
  | { ok: false; message: string };

/** Finds the source operation and the link to the target, and checks the source's parameters. */
export function planLink(index: LookupIndex, target: { lookup: AnyLookup; operation: AnyOperation }, from: LinkSource): LinkPlan {
  const found = index.operation(from.lookup, from.operation);
  if (!found) return { ok: false, message: `There is no operation ${from.operation} of lookup ${from.lookup} to take the rows from` };
  const { lookup, operation } = found;
  const checked = operation.params.safeParse(from.params);
  if (!checked.success)
    return {
      ok: false,
      message: `The source query is not valid: ${checked.error.issues.map((issue) => `${issue.path.join('.') || 'params'} ${issue.message}`).join('; ')}`,
    };
  const firstOperation = target.lookup.operations[0]?.id;
  const links = linksFrom(lookup.id, operation.id).filter(
    (link) =>
      link.to === target.lookup.id &&
      (link.toOperation ?? firstOperation) === target.operation.id &&
      (!from.link || link.label === from.link),
  );
  if (links.length === 0)
    return {
      ok: false,
      message: `No link leads from ${lookup.id} ${operation.id} to ${target.lookup.id} ${target.operation.id}${from.link ? ` named “${from.link}”` : ''}`,
    };
  return { ok: true, source: { lookup, operation, params: checked.data as Params }, link: links[0]! };
}

/** The target's rows from the source answer's body: one per record the link can follow, each once. */
export function rowsFromAnswer(link: LookupLink, source: AnyOperation, target: AnyOperation, body: unknown): RowInput[] {
  const rows = new Map<string, RowInput>();
  for (const record of linkRecords(link, body)) {
    const values = linkValues(link, source, record);
    if (!values) continue;
    const parsed = target.params.safeParse(values);
    if (!parsed.success) continue;
    const row = Object.fromEntries(Object.entries(parsed.data as Params).filter(([, value]) => value !== undefined)) as RowInput;
    rows.set(JSON.stringify(row), row);
  }
  return [...rows.values()];
}
