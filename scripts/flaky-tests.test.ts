// @vitest-environment node
// The closing summary names each e2e test that failed once and passed on its retry (decision 046).
import { describe, expect, it } from 'vitest';

interface FlakyTestsScript {
  flakyTests(report: unknown): string[];
}
const { flakyTests } = (await import(/* @vite-ignore */ new URL('./flaky-tests.mjs', import.meta.url).href)) as FlakyTestsScript;

const spec = (title: string, line: number, status: string) => ({ title, file: 'map.spec.ts', line, tests: [{ status }] });

describe('flakyTests', () => {
  it('names the flaky tests of a Playwright report, nested suites included, and none of the others', () => {
    const report = {
      suites: [
        {
          specs: [spec('passes', 3, 'expected'), spec('passes on its retry', 9, 'flaky')],
          suites: [{ specs: [spec('fails twice', 20, 'unexpected'), spec('nested and flaky', 31, 'flaky')] }],
        },
      ],
    };
    expect(flakyTests(report)).toEqual(['map.spec.ts:9 › passes on its retry', 'map.spec.ts:31 › nested and flaky']);
  });

  it('finds none in a report with no flaky test, or with no report at all', () => {
    expect(flakyTests({ suites: [{ specs: [spec('passes', 3, 'expected')] }] })).toEqual([]);
    expect(flakyTests(undefined)).toEqual([]);
  });
});
