// The production server's response class: every answer carries DATA_SECURITY_HEADERS, each one
// unless its handler set that header itself (the proxy and the app's files send their own policy).
// They are filled in as the head is written, not set on every response as it starts: once any
// header is set, node:http's writeHead merges the handler's headers in one setHeader call at a
// time, which cost the proxy several microseconds per request for headers it then overrode.
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import { DATA_SECURITY_HEADERS } from './security-headers.ts';

const DATA_HEADER_ENTRIES = Object.entries(DATA_SECURITY_HEADERS);

type HeadHeaders = OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;

/** The value the headers given to writeHead (an object, a flat [name, value, …] list or [name, value] pairs) have for `lowerName`. */
export function headerIn(headers: HeadHeaders, lowerName: string): OutgoingHttpHeader | undefined {
  if (headers === undefined || headers === null) return undefined;
  if (Array.isArray(headers)) {
    const pairs = headers.length > 0 && Array.isArray(headers[0]);
    const step = pairs ? 1 : 2;
    for (let i = 0; i < headers.length; i += step) {
      const [name, value] = pairs ? (headers[i] as unknown as OutgoingHttpHeader[]) : [headers[i], headers[i + 1]];
      if (typeof name === 'string' && name.toLowerCase() === lowerName) return value;
    }
    return undefined;
  }
  // The common case, a lower-case key, without a scan.
  const value = headers[lowerName];
  if (value !== undefined) return value;
  for (const name in headers) if (name.toLowerCase() === lowerName && headers[name] !== undefined) return headers[name];
  return undefined;
}

export class SecuredResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** What writeHead was given: node:http sends it without keeping it when no header was set before. */
  private headHeaders: HeadHeaders = undefined;

  override writeHead(statusCode: number, statusMessage?: string, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
  override writeHead(statusCode: number, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
  override writeHead(
    statusCode: number,
    messageOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const message = typeof messageOrHeaders === 'string' ? messageOrHeaders : undefined;
    const headers = typeof messageOrHeaders === 'string' ? maybeHeaders : messageOrHeaders;
    // Once the head is out, node:http's own error (ERR_HTTP_HEADERS_SENT) is the answer.
    if (!this.headersSent) {
      for (const [name, value] of DATA_HEADER_ENTRIES)
        if (headerIn(headers, name) === undefined && !this.hasHeader(name)) this.setHeader(name, value);
      this.headHeaders = headers;
    }
    return message === undefined ? super.writeHead(statusCode, headers) : super.writeHead(statusCode, message, headers);
  }

  /** A header as sent: set with setHeader, or given to writeHead (the audit line reads Content-Length after the answer). */
  override getHeader(name: string): ReturnType<ServerResponse['getHeader']> {
    const set = super.getHeader(name);
    return set !== undefined ? set : headerIn(this.headHeaders, name.toLowerCase());
  }
}
