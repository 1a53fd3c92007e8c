import { describe, expect, it } from 'vitest';
import { createServerLog } from './server-log.ts';

const KEY = 'sk-live/9f8e7d6c"5b4a';

function capture() {
  const lines: string[] = [];
  const log = createServerLog({ destination: { write: (line: string) => void lines.push(line) } });
  log.configure({ keys: [KEY] });
  return { log, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the server log', () => {
  it('scrubs a key from a message', () => {
    const { log, lines, records } = capture();
    log.part('proxy').info(`GET /proxy/a/movie/550?api_key=${KEY} 200 3ms`);
    expect(lines.join('')).not.toContain('9f8e7d6c');
    expect(records()[0]).toMatchObject({ part: 'proxy', msg: 'GET /proxy/a/movie/550?api_key=<API_KEY> 200 3ms' });
  });

  it('scrubs a key from an error, its message and its stack', () => {
    const { log, lines, records } = capture();
    log.part('jobs').error({ err: new Error(`upstream said: bad key ${KEY}`) }, 'a chunk failed');
    expect(lines.join('')).not.toContain('9f8e7d6c');
    const { err } = records()[0] as { err: { message: string; stack: string } };
    expect(err.message).toBe('upstream said: bad key <API_KEY>');
    expect(err.stack).toContain('bad key <API_KEY>');
  });

  it('scrubs a key from a field, a nested one, and its encoded forms', () => {
    const { log, lines, records } = capture();
    log
      .part('team')
      .warn({ url: `https://api.example/?k=${encodeURIComponent(KEY)}`, headers: { authorization: `Bearer ${KEY}` } }, 'an outage');
    expect(lines.join('')).not.toContain('9f8e7d6c');
    expect(records()[0]).toMatchObject({ url: 'https://api.example/?k=<API_KEY>', headers: { authorization: 'Bearer <API_KEY>' } });
  });

  it('keeps every key it was given, and names each line’s part', () => {
    const { log, lines, records } = capture();
    log.configure({ keys: ['another-key-123456'] });
    log.part('mcp').info(`${KEY} and another-key-123456`);
    expect(lines.join('')).not.toContain('9f8e7d6c');
    expect(records()[0]).toMatchObject({ part: 'mcp', msg: '<API_KEY> and <API_KEY>' });
  });

  it('sets the level of parts made before and after', () => {
    const { log, records } = capture();
    const before = log.part('demo');
    log.configure({ level: 'warn' });
    before.info('left out');
    log.part('watches').info('left out too');
    before.warn('kept');
    log.part('watches').error('kept too');
    expect(records().map((record) => record.msg)).toEqual(['kept', 'kept too']);
  });
});
