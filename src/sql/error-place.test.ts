import { describe, expect, it } from 'vitest';
import { readSqlError } from './error-place.ts';

describe('readSqlError', () => {
  it('finds the caret of a syntax error in a one-line query', () => {
    const query = 'select * fro answer';
    const raw = 'Parser Error: syntax error at or near "fro"\n\nLINE 1: select * fro answer\n                 ^';
    const report = readSqlError(raw, query);
    expect(report.message).toBe('Parser Error: syntax error at or near "fro"');
    expect(report.place).toEqual({ line: 1, column: 9, offset: 9 });
    expect(query.slice(report.place!.offset)).toMatch(/^fro/);
  });

  it('counts the offset over earlier lines', () => {
    const query = 'select n\nfrom answer\nwhere nope > 1';
    const raw =
      'Binder Error: Referenced column "nope" not found in FROM clause!\nCandidate bindings: "n"\n\nLINE 3: where nope > 1\n              ^';
    const report = readSqlError(raw, query);
    expect(report.message).toContain('Candidate bindings');
    expect(report.place).toEqual({ line: 3, column: 6, offset: 'select n\nfrom answer\n'.length + 6 });
  });

  it('locates the shown window of a long line cut with an ellipsis', () => {
    const query = `select ${'a, '.repeat(60)}zz from answer`;
    const at = query.indexOf('zz');
    const window = query.slice(at - 20, at + 10);
    const raw = `Binder Error: Referenced column "zz" not found\n\nLINE 1: ...${window}...\n${' '.repeat('LINE 1: ...'.length + 20)}^`;
    expect(readSqlError(raw, query).place).toEqual({ line: 1, column: at, offset: at });
  });

  it('gives the message alone when the error names no place', () => {
    expect(readSqlError('Catalog Error: Table with name nothing does not exist!', 'select 1')).toEqual({
      message: 'Catalog Error: Table with name nothing does not exist!',
    });
  });
});

describe('readSqlError over the engine’s JSON errors', () => {
  it('reads the type, the message and the byte position', () => {
    const query = 'select incident_offense, count(*) as n fro answer group by 1';
    const raw = JSON.stringify({
      exception_type: 'Parser',
      exception_message: `syntax error at or near "fro"\n\nLINE 1: ${query}\n${' '.repeat(8 + 39)}^`,
      error_subtype: 'SYNTAX_ERROR',
      position: '39',
    });
    expect(readSqlError(raw, query)).toEqual({
      message: 'Parser Error: syntax error at or near "fro"',
      place: { line: 1, column: 39, offset: 39 },
    });
  });

  it('counts a position in bytes, so text before it in another script does not shift the place', () => {
    const query = "select 'Zürich' as city,\n  nope from answer";
    const bytes = new TextEncoder().encode(query.slice(0, query.indexOf('nope'))).length;
    const raw = JSON.stringify({
      exception_type: 'Binder',
      exception_message: 'Referenced column "nope" not found',
      position: String(bytes),
    });
    expect(readSqlError(raw, query).place).toEqual({ line: 2, column: 2, offset: query.indexOf('nope') });
  });

  it('keeps the message when the position is missing or impossible', () => {
    const raw = JSON.stringify({ exception_type: 'Catalog', exception_message: 'Table with name x does not exist!' });
    expect(readSqlError(raw, 'select * from x')).toEqual({ message: 'Catalog Error: Table with name x does not exist!' });
    const far = JSON.stringify({ exception_type: 'Parser', exception_message: 'syntax error', position: '999' });
    expect(readSqlError(far, 'select').place).toBeUndefined();
  });
});
