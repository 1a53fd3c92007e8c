// Imported first by main.tsx: zod 4 probes for `new Function` when the first object schema is
// built, which the app's CSP (script-src 'self', no 'unsafe-eval') reports as a violation. The
// jitless mode never evaluates code; it must be set before any schema is constructed.
//
// zod keeps its configuration on `globalThis.__zod_globalConfig` (every copy of zod shares it,
// zod PR #5889) and adopts an object already there, so the flag is set without importing zod:
// importing even zod's core `config` put zod's core code in the entry chunk (about 4 kB gzip),
// since the lazy chunks that build schemas share those modules. zod-config.test.ts checks that
// zod reads the flag from here.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const shared = ((globalThis as ZodGlobal).__zod_globalConfig ??= {});
shared.jitless = true;
