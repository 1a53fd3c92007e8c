// `npm run demo-upstream`: the demo as a real HTTP upstream, one prefix per lookup
// (`/a/movie/550`), so LOOKUP_A_BASE_URL=http://127.0.0.1:4174/a plus any key exercises a live
// configuration end to end on one machine. It checks requests exactly as the proxy does and
// accepts any key (an undeclared parameter or header, so it is ignored). The handlers and the
// answers for no handler and for an unexpected error are the assembly's (assembly.ts).
import { createServer } from 'node:http';
import { allLookups } from '../lookups/registry.ts';
import { assembleHandlers } from './assembly.ts';
import { parseServerConfig } from './config.ts';
import { runChain } from './http/handler-chain.ts';
import { answerSocketErrors } from './http/socket-errors.ts';

const port = Number(process.env.PORT || 4174);
const host = process.env.HOST || '127.0.0.1';

// No lookup's settings: every lookup answers from its demo generator, whatever is configured.
const chain = assembleHandlers({ config: parseServerConfig({ LOG_LEVEL: process.env.LOG_LEVEL }, allLookups), role: 'demo-upstream' });

const server = createServer((req, res) => runChain(chain, req, res));
answerSocketErrors(server);

server.listen(port, host, () => {
  console.log(`Demo upstream on http://${host}:${port}/ — e.g. LOOKUP_A_BASE_URL=http://${host}:${port}/a`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
