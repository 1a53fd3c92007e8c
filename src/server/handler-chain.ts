// The production server's handlers in order, each asked in turn until one answers. A handler that
// declines or answers at once (a plain boolean) hands over at once; only a promise is waited for.
// The chain this replaces awaited every handler, so each proxied request paid a turn of the
// microtask queue, and a promise, for every handler in front of the proxy that was not its own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChainHandler } from './proxy-handler.ts';

export interface HandlerChain {
  handlers: readonly ChainHandler[];
  /** No handler answered. */
  unhandled(req: IncomingMessage, res: ServerResponse): void;
  /** A handler threw or its promise was rejected. */
  failed(error: unknown, req: IncomingMessage, res: ServerResponse): void;
}

/** Asks the chain's handlers from `from` on. */
export function runChain(chain: HandlerChain, req: IncomingMessage, res: ServerResponse, from = 0): void {
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
        if (!done) runChain(chain, req, res, index + 1);
      },
      (error: unknown) => chain.failed(error, req, res),
    );
    return;
  }
  try {
    chain.unhandled(req, res);
  } catch (error) {
    chain.failed(error, req, res);
  }
}
