// The one way the demo tests ask a generator: as the proxy does, with the form's text parsed by
// the operation's own schema (or with parameters already parsed, typed by that schema).
import type { AnyLookup, OperationOf, ParamsOf } from '../../lookups/define-lookup.ts';
import type { DemoAnswer, DemoGenerator, DemoGeneratorFor } from '../demo-types.ts';

export interface AskOptions<Op> {
  /** The operation asked; the lookup's first by default. */
  operation?: Op;
  /** S echoes it; everything else ignores it. */
  requestId?: string;
}

/**
 * Binds a generator to its lookup. `ask(values)` parses form values, `ask.parsed(params)` takes
 * parameters typed by the operation's schema; both return that operation's typed answer.
 */
export function demoAsker<L extends AnyLookup>(generator: DemoGeneratorFor<L>, lookup: L) {
  // Called as the server calls it; the request is always for the operation whose schema parsed it.
  const call: DemoGenerator = generator;
  function parsed<Op extends OperationOf<L> = L['operations'][0]>(params: ParamsOf<Op>, options: AskOptions<Op> = {}): DemoAnswer<Op> {
    const operation = options.operation ?? lookup.operations[0];
    return call({ lookup, operation, params, requestId: options.requestId ?? 'test' }) as DemoAnswer<Op>;
  }
  function ask<Op extends OperationOf<L> = L['operations'][0]>(
    values: Readonly<Record<string, string>>,
    options: AskOptions<Op> = {},
  ): DemoAnswer<Op> {
    // Without an operation, Op is its default: the lookup's first operation.
    const operation = (options.operation ?? lookup.operations[0]) as Op;
    return parsed<Op>(operation.params.parse(values) as ParamsOf<Op>, { ...options, operation });
  }
  return Object.assign(ask, { parsed });
}
