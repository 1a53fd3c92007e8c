// A server's handlers in order, each asked in turn until one answers. A handler that declines or
// answers at once (a plain boolean) hands over at once; only a promise is waited for. Awaiting
// every handler instead would cost each proxied request a turn of the microtask queue, and a
// promise, for every handler in front of the proxy that was not its own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChainHandler, FailureHandler } from './handler-types.ts';

export type Unhandled = (req: IncomingMessage, res: ServerResponse) => void;

export interface HandlerChain {
  handlers: readonly ChainHandler[];
  /** No handler answered. */
  unhandled: Unhandled;
  /** A handler threw or its promise was rejected. */
  failed: FailureHandler;
}

/**
 * Asks the chain's handlers from `from` on. `unhandled` replaces the chain's own for this request
 * (Vite's `next`, which is per request).
 */
export function runChain(
  chain: HandlerChain,
  req: IncomingMessage,
  res: ServerResponse,
  unhandled: Unhandled = chain.unhandled,
  from = 0,
): void {
  const { handlers } = chain;
  for (let index = from; index < handlers.length; index++) {
    let answered: boolean | Promise<boolean>;
    try {
      answered = handlers[index]!(req, res);
    } catch (error) {
      chain.failed(error, req, res);
      return;
    }
    if (answered === true) return;
    if (answered === false) continue;
    answered.then(
      (done) => {
        if (!done) runChain(chain, req, res, unhandled, index + 1);
      },
      (error: unknown) => chain.failed(error, req, res),
    );
    return;
  }
  try {
    unhandled(req, res);
  } catch (error) {
    chain.failed(error, req, res);
  }
}
