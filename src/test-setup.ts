// Testing Library is loaded only where there is a DOM (component tests and the .ts tests marked
// `@vitest-environment jsdom`): a test file in Node's environment is spared loading React DOM.
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');

  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  afterEach(cleanup);

  // How long findBy/waitFor wait for a state to appear. A bound on waiting, not a claim on speed: a
  // passing test never waits for it, and on a 2-core CI machine under load a component's first
  // render in jsdom alone can take seconds (Testing Library's default is one second).
  // expect.poll's ceiling is raised the same way in vitest.config.ts.
  configure({ asyncUtilTimeout: 10_000 });
}
