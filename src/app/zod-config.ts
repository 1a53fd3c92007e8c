// Imported first by main.tsx: zod 4 probes for `new Function` when the first object schema is
// built, which the app's CSP (script-src 'self', no 'unsafe-eval') reports as a violation. The
// jitless mode never evaluates code; it must be set before any schema is constructed. Only zod's
// core `config` is imported, so the catalog route does not load zod itself.
import { config } from 'zod/v4/core';

config({ jitless: true });
