// Two production instances of a team server on one redis-server (issue 35), each with the same
// access tokens file: what a spec about sharing between instances starts once, in beforeAll.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedis } from '../src/server/team/redis-for-tests.ts';
import { startApp } from './start-app.ts';

export interface TeamServers {
  /** The first instance's origin (`http://127.0.0.1:port`). */
  one: string;
  /** The second instance's origin. */
  two: string;
  /** Stops both instances, then Redis. */
  stop(): Promise<void>;
}

/** Starts Redis and two instances that sign in the users of `tokens` (name → token). */
export async function startTeamServers(tokens: Readonly<Record<string, string>>): Promise<TeamServers> {
  const redis = await startRedis();
  const dir = mkdtempSync(join(tmpdir(), 'lookup-team-servers-'));
  const tokensFile = join(dir, 'tokens');
  writeFileSync(
    tokensFile,
    Object.entries(tokens)
      .map(([user, token]) => `${user}:${token}\n`)
      .join(''),
  );
  const env = { LOOKUP_REDIS_URL: redis.url, LOOKUP_ACCESS_TOKENS_FILE: tokensFile };
  const apps: ChildProcess[] = [];
  try {
    const [first, second] = await Promise.all([startApp(env), startApp(env)]);
    apps.push(first.child, second.child);
    return {
      one: first.origin,
      two: second.origin,
      async stop() {
        for (const app of apps) app.kill('SIGTERM');
        await redis.stop();
      },
    };
  } catch (error) {
    await redis.stop();
    throw error;
  }
}
