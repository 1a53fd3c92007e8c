// `npm run demo-upstream`: the demo as a real HTTP upstream, one prefix per lookup
// (`/a/movie/550`), so LOOKUP_A_BASE_URL=http://127.0.0.1:4174/a plus any key exercises a live
// configuration end to end on one machine. It checks requests exactly as the proxy does and
// accepts any key (an undeclared parameter or header, so it is ignored).
import { createServer } from 'node:http';
import { allLookups } from '../lookups/registry.ts';
import { parseServerConfig } from './config.ts';
import { demoGenerators } from '../demo/generators.ts';
import { sendError } from './http-io.ts';
import { createProxyHandler } from './proxy-handler.ts';

const port = Number(process.env.PORT || 4174);
const host = process.env.HOST || '127.0.0.1';

// An empty environment: every lookup answers from its demo generator, whatever is configured.
const handler = createProxyHandler({ lookups: allLookups, generators: demoGenerators, config: parseServerConfig({}, allLookups), prefix: '' });

const server = createServer((req, res) => {
  handler(req, res).catch((error: unknown) => {
    console.error(`Internal error: ${(error as Error).message}`);
    if (!res.headersSent) sendError(res, 500, { origin: 'demo', code: 'internal_error', message: 'The demo upstream failed to answer' });
  });
});

server.listen(port, host, () => {
  console.log(`Demo upstream on http://${host}:${port}/ — e.g. LOOKUP_A_BASE_URL=http://${host}:${port}/a`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
