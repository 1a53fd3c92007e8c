// One real Redis for a test file (startRedis of team/redis-for-tests.ts): started before the file's
// first test, stopped after its last, once every store the file handed to closeAfterAll is closed.
import { afterAll, beforeAll } from 'vitest';
import { startRedis, type TestRedis, type TestRedisOptions } from '../team/redis-for-tests.ts';

export interface FileRedis extends TestRedis {
  /** Closes `store` after the file's last test, before Redis stops; returns it. */
  closeAfterAll<T extends { close(): Promise<void> }>(store: T): T;
}

/** Call at the top of a test file; read the Redis (its url, port) inside the tests, once it has started. */
export function setupRedisForFile(options: TestRedisOptions = {}): FileRedis {
  let started: TestRedis | undefined;
  const opened: Array<{ close(): Promise<void> }> = [];
  const redis = () => {
    if (!started) throw new Error('The Redis of this file has not started: read it inside a test.');
    return started;
  };

  beforeAll(async () => {
    started = await startRedis(options);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await started?.stop();
  });

  return {
    get url() {
      return redis().url;
    },
    get port() {
      return redis().port;
    },
    stop: () => redis().stop(),
    shutdown: () => redis().shutdown(),
    restart: () => redis().restart(),
    closeAfterAll: (store) => {
      opened.push(store);
      return store;
    },
  };
}
