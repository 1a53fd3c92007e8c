// The contract between the proxy and the demo upstream: one generator per lookup, answering a
// request the proxy has already matched and parsed, as the provider would. A generator is typed
// from its lookup's operations: it reads `z.output<P>` params and a successful answer's body is
// `z.input<R>` of that operation, so a wrong field type or an undeclared parameter fails to compile.
import type { z } from 'zod';
import type { AnyLookup, AnyOperation, OperationOf, Params, ParamsOf } from '../lookups/define-lookup.ts';

/** A request for one operation, its params parsed by that operation's own schema. */
export interface DemoRequestFor<Op extends AnyOperation> {
  lookup: AnyLookup;
  operation: Op;
  /** Path, query and body parameters together (lists are arrays, numbers numbers); absent ones undefined. */
  params: ParamsOf<Op>;
  /** A fresh id per request (S's `requestId`); everything else must depend on `params` only. */
  requestId: string;
}

/** The text of an XML document (B's `.xml` operation answers with it rather than an object). */
export type XmlText = string;

/** What a successful answer's body must be: the response schema's input, or the XML text for an XML operation. */
export type DemoBodyOf<Op extends AnyOperation> = Op extends { format: 'xml' } ? XmlText : z.input<Op['response']>;

interface AnswerParts {
  /** Defaults to `application/json; charset=utf-8`. */
  contentType?: string;
  headers?: Record<string, string>;
}

/** A successful answer: HTTP 200 and a body of the operation's response schema. */
export interface DemoSuccess<Body> extends AnswerParts {
  status: 200;
  body: Body;
}

declare const failureMark: unique symbol;

/**
 * An error answer the provider's conventions require (a 4xx, or a 200 whose body reports a
 * failure). Made only by `providerError`, so a wrong success body cannot pass as one.
 */
export interface DemoFailure extends AnswerParts {
  readonly [failureMark]: true;
  status: number;
  body: unknown;
}

export type DemoAnswer<Op extends AnyOperation> = DemoSuccess<DemoBodyOf<Op>> | DemoFailure;

/** The generator of one operation. */
export type DemoOperationGenerator<Op extends AnyOperation> = (request: DemoRequestFor<Op>) => DemoAnswer<Op>;

type RequestUnion<Op> = Op extends AnyOperation ? DemoRequestFor<Op> : never;
type AnswerUnion<Op> = Op extends AnyOperation ? DemoAnswer<Op> : never;

/**
 * The generator of lookup L: a request for any of its operations (narrow it with `byOperation`
 * when the operations answer differently). For a one-operation lookup this is exactly
 * DemoOperationGenerator of that operation.
 */
export type DemoGeneratorFor<L extends AnyLookup> = (request: RequestUnion<OperationOf<L>>) => AnswerUnion<OperationOf<L>>;

/** The request as the server holds it: any operation, its params erased. */
export interface DemoRequest {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  requestId: string;
}

export interface DemoResponse extends AnswerParts {
  status: number;
  /** A JSON-serialisable body, or the text itself when `contentType` is not JSON (B's XML). */
  body: unknown;
}

/**
 * A generator as the server calls it: deterministic, the same request gives the same bytes
 * (apart from S's requestId). Declared through a method so that every DemoGeneratorFor<L> is
 * assignable to it: the proxy only ever passes params that the request's own operation parsed,
 * which is what the typed generator assumes.
 */
export type DemoGenerator = { answer(request: DemoRequest): DemoResponse }['answer'];

/** A successful answer with a JSON body. */
export function json<Body>(body: Body): DemoSuccess<Body> {
  return { status: 200, body };
}

/** A successful answer with an XML document. */
export function xml(text: XmlText): DemoSuccess<XmlText> {
  return { status: 200, body: text, contentType: 'application/xml; charset=utf-8' };
}

/** An error answer in the provider's own shape: a 4xx, or a 200 whose body reports the failure. */
export function providerError(status: number, body: unknown): DemoFailure {
  return { status, body } as DemoFailure;
}

/** One generator per operation id, dispatched on the request's operation. */
export function byOperation<L extends AnyLookup>(
  generators: { [Op in OperationOf<L> as Op['id']]: DemoOperationGenerator<Op> },
): DemoGeneratorFor<L> {
  // Erased once here: each generator is only ever handed a request for its own operation id, so
  // what it answers is that operation's answer.
  const table = new Map(Object.entries(generators as Record<string, DemoGenerator>));
  return (request) => {
    const generator = table.get(request.operation.id);
    if (!generator) throw new Error(`No demo generator for the operation ${request.operation.id}`);
    return generator(request) as AnswerUnion<OperationOf<L>>;
  };
}

declare const demoMark: unique symbol;

/** A lookup's demo generator as src/demo/<name>.ts exports it: the generator, marked with the lookup it answers for. */
export type DemoFor<L extends AnyLookup> = DemoGeneratorFor<L> & { readonly lookup: L; readonly [demoMark]: true };

const DEMO = Symbol.for('lookup-explorer.demo');

/**
 * Declares the demo generator of `lookup`, typed from its operations (params in, response body
 * out). The module src/demo/<name>.ts that exports it is how the demo upstream finds it
 * (generators.ts), so no list of generators is kept by hand.
 */
export function defineDemo<L extends AnyLookup>(lookup: L, generator: DemoGeneratorFor<L>): DemoFor<L> {
  const demo = ((request) => generator(request)) as DemoGeneratorFor<L>;
  return Object.assign(demo, { lookup, [DEMO]: true }) as unknown as DemoFor<L>;
}

/** Whether a module's export is a demo declared by defineDemo (and for which lookup). */
export function isDemo(value: unknown): value is DemoFor<AnyLookup> {
  return typeof value === 'function' && (value as unknown as Record<symbol, unknown>)[DEMO] === true;
}
