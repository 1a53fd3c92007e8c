// Answers for requests Node's HTTP parser rejects before there is a request object (malformed
// request line or headers, headers too large, a client too slow to send them) and for CONNECT,
// which this server never tunnels. Instead of Node's empty 400 they get the error envelope,
// written straight to the socket as node:http's `clientError` documentation describes. An
// `Expect` other than 100-continue gets the envelope's 417 rather than Node's bare one.
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { refusal, sendRefusal } from './refusal.ts';
import type { ErrorEnvelope } from '../../lookups/wire.ts';
import { DATA_SECURITY_HEADERS } from '../security-headers.ts';

interface ParserError extends Error {
  code?: string;
}

/** What the parser's code means, in words; the code itself travels as `detail`. */
function describe(error: ParserError): { status: number; code: string; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'headers_too_large', message: 'The request line and headers are larger than this server accepts' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADER_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'The request was not received in time' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: 'body_too_large', message: 'The chunked body has extensions larger than this server accepts' };
    default:
      return { status: 400, code: 'bad_request', message: 'The request is not valid HTTP/1.1 and was not read' };
  }
}

/** Writes a whole HTTP/1.1 answer with the error envelope to the socket, then closes it. */
export function answerOnSocket(socket: Duplex, status: number, error: ErrorEnvelope['error'] & { detail?: string }): void {
  const body = JSON.stringify({ error } satisfies ErrorEnvelope);
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...DATA_SECURITY_HEADERS,
    connection: 'close',
  };
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * The server's `clientError` listener. When an answer is already on its way on this socket (a
 * parse error in a pipelined request) or the socket cannot be written, it is only closed.
 */
export function handleClientError(error: ParserError, socket: Duplex): void {
  // node:http keeps the response in progress on the socket; writing our own would corrupt it.
  const inProgress = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || (inProgress && inProgress.headersSent)) {
    socket.destroy();
    return;
  }
  const { status, code, message } = describe(error);
  answerOnSocket(socket, status, { code, message, origin: 'proxy', ...(error.code && { detail: error.code }) });
}

/** The server's `connect` listener: CONNECT is for forward proxies, which this server is not. */
export function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  answerOnSocket(socket, 405, {
    code: 'method_not_allowed',
    message: 'CONNECT is not served here: this server is not a forward proxy',
    origin: 'proxy',
  });
}

/** The server's `checkExpectation` listener: an expectation it cannot meet (only 100-continue is). */
export function refuseExpectation(_req: IncomingMessage, res: ServerResponse): void {
  // The body, if any, is not read: close the connection rather than parse what follows.
  sendRefusal(res, refusal(417, 'expectation_failed', 'Only Expect: 100-continue is understood here'), {
    ...DATA_SECURITY_HEADERS,
    connection: 'close',
  });
}

/** Gives a server (node:http's, or Vite's) the envelope for what the parser rejects, for CONNECT and for an unknown Expect. */
export function answerSocketErrors(server: EventEmitter): void {
  server.on('clientError', handleClientError);
  server.on('connect', refuseConnect);
  server.on('checkExpectation', refuseExpectation);
}
