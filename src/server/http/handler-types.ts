// The shapes every server handler has, in a module of their own so that a handler names its type
// without importing the proxy (and the proxy's imports) for it.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Handles a request when it is its own; resolves to false to let the next handler try. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * A handler of a chain (handler-chain.ts): it may decline (false) or answer (true) at once,
 * without a promise, so a request that is not its own costs no turn of the microtask queue.
 */
export type ChainHandler = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

/** What to do with an error a handler threw or rejected with. */
export type FailureHandler = (error: unknown, req: IncomingMessage, res: ServerResponse) => void;
