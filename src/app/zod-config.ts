// Imported first by main.tsx: zod 4 probes for `new Function` when the first object schema is
// built, which the app's CSP (script-src 'self', no 'unsafe-eval') reports as a violation. The
// jitless mode never evaluates code; it must be set before any schema is constructed.
import { z } from 'zod';

z.config({ jitless: true });
