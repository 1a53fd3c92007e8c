// The jobs service as the assembly holds it: BullMQ (job-service.ts and what it imports) loads
// with a dynamic import, started only when a server runs jobs (LOOKUP_REDIS_URL), so a server
// without Redis never loads it. The import starts at once; a request to the jobs API that comes
// before it finished waits for it.
import type { ChainHandler } from '../http/handler-types.ts';
import type { JobService, JobServiceOptions } from './job-service.ts';

/** What the assembly and the server use of the jobs service: its routes, the gate's question, start and stop. */
export type LazyJobService = Pick<JobService, 'identify' | 'routes' | 'start' | 'close'> & {
  /** The service, once its module has loaded. */
  loaded: Promise<JobService>;
};

export function createLazyJobService(options: JobServiceOptions): LazyJobService {
  let service: JobService | undefined;
  const loaded = import('./job-service.ts').then(({ createJobService }) => (service = createJobService(options)));
  // Once loaded, the service's own routes answer (or decline) with no extra turn, as before.
  const routes: ChainHandler = (req, res) =>
    service ? service.routes(req, res) : loaded.then((loadedService) => loadedService.routes(req, res));
  return {
    loaded,
    routes,
    // A row's request carries a secret the service makes: before it has loaded, no request can.
    identify: (req) => service?.identify(req),
    start() {
      void loaded.then((loadedService) => loadedService.start());
    },
    async close() {
      await (await loaded).close();
    },
  };
}
