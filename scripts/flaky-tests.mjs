// The flaky tests of a Playwright JSON report (decision 046), for the closing summary of scripts/test-all.mjs.

/** The e2e tests that failed once and passed on their retry: each named, so a flake is seen and fixed. */
export function flakyTests(report) {
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) if (test.status === 'flaky') names.push(`${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return names;
}
