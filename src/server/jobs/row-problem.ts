// A job's or a watch's row checked against its operation's parameters, the problem in words.
import type { ZodError } from 'zod';
import type { AnyOperation } from '../../lookups/define-lookup.ts';

/** A row's problems, as `zipcode must be …`, each naming its parameter. */
export const rowIssues = (error: ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.') || 'row'} ${issue.message}`).join('; ');

/** What is wrong with a row for `operation`, in words naming each parameter, or undefined when nothing is. */
export function rowProblem(operation: AnyOperation, row: unknown): string | undefined {
  const checked = operation.params.safeParse(row);
  return checked.success ? undefined : rowIssues(checked.error);
}
