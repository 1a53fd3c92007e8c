// What POST /jobs accepts: a lookup's operation and either its rows (each the operation's parameters
// by name) or a link to an answer to take them from, with the job's options. The rows are checked
// one at a time as they arrive (job-submission-stream.ts), the rest of the body as a whole.
import { z } from 'zod';

export const MAX_ROWS = 1_000_000;

/** A parameter's value as the page sends it. */
export const rowValue = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(10_000)).max(1_000),
  z.array(z.number()).max(1_000),
]);

/** One row: the operation's parameters by name. */
export const jobRow = z.record(z.string(), rowValue);

/** Everything but the rows. */
export const jobFields = z.object({
  lookup: z.string().min(1).max(8),
  operation: z.string().min(1).max(64),
  /** Or a link to an answer: the server runs this query and follows the links table to the target (link-rows.ts). */
  from: z
    .object({
      lookup: z.string().min(1).max(8),
      operation: z.string().min(1).max(64),
      params: z.record(z.string(), rowValue),
      link: z.string().max(200).optional(),
    })
    .optional(),
  columns: z.array(z.string().max(200)).max(200).optional(),
  concurrency: z.number().int().min(1).max(64).optional(),
  shared: z.boolean().optional(),
  mask: z.boolean().optional(),
  /** Jobs sent together (a place dossier's): a title and the page of this site they came from. */
  group: z
    .object({
      title: z.string().trim().min(1).max(200),
      path: z
        .string()
        .max(2000)
        .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path of this site, starting with one /'),
    })
    .optional(),
});

export const BOTH_OR_NEITHER = 'send either rows or from (a link to an answer), not both';

/** The whole submission, as one value (JSON.parse, then this, is what the stream must agree with). */
export const jobSubmission = jobFields
  .extend({ rows: z.array(jobRow).min(1).max(MAX_ROWS).optional() })
  .refine((job) => (job.rows === undefined) !== (job.from === undefined), { message: BOTH_OR_NEITHER });

export type JobSubmission = z.infer<typeof jobSubmission>;
