// What a job is sent as (POST /jobs, or any caller of JobActions.submit): the lookup and
// operation, and either its rows or a link to an answer whose records become the rows.
import { z } from 'zod';
import type { AnyOperation } from '../../lookups/define-lookup.ts';

const MAX_ROWS = 1_000_000;

/** A parameter's value as the page sends it. */
export const rowValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(1_000), z.array(z.number()).max(1_000)]);

export const jobSubmission = z.object({
  lookup: z.string().min(1).max(8),
  operation: z.string().min(1).max(64),
  rows: z.array(z.record(z.string(), rowValue)).min(1).max(MAX_ROWS).optional(),
  /** Or a link to an answer: the server runs this query and follows the links table to the target (link-rows.ts). */
  from: z.object({ lookup: z.string().min(1).max(8), operation: z.string().min(1).max(64), params: z.record(z.string(), rowValue), link: z.string().max(200).optional() }).optional(),
  columns: z.array(z.string().max(200)).max(200).optional(),
  concurrency: z.number().int().min(1).max(64).optional(),
  shared: z.boolean().optional(),
  mask: z.boolean().optional(),
  /** Jobs sent together (a place dossier's): a title and the page of this site they came from. */
  group: z.object({ title: z.string().trim().min(1).max(200), path: z.string().max(2000).regex(/^\/(?![/\\])[^\s]*$/, 'must be a path of this site, starting with one /') }).optional(),
}).refine((job) => (job.rows === undefined) !== (job.from === undefined), { message: 'send either rows or from (a link to an answer), not both' });

export type JobSubmission = z.output<typeof jobSubmission>;

/** What is wrong with a row for `operation`, in words naming each parameter, or undefined when nothing is. */
export function rowProblem(operation: AnyOperation, row: unknown): string | undefined {
  const checked = operation.params.safeParse(row);
  return checked.success ? undefined : checked.error.issues.map((issue) => `${issue.path.join('.') || 'row'} ${issue.message}`).join('; ');
}
