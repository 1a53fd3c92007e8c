// `npm run confirm-budget-reset`: the operator's answer to 503 `budget_store_reset`. The Redis in
// LOOKUP_REDIS_URL (environment or `.env`, as the server reads it) lost the budgets it kept; this
// writes a fresh budget ledger marker, and every running server adopts it on its next budgeted call:
// budgets start again from what Redis holds now. When budgets are being kept it changes nothing.
import { ConfigError, environmentWithDotEnv } from '../config.ts';
import { confirmBudgetReset } from './budget-ledger.ts';
import { createRedisStore } from './redis-store.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env: NodeJS.ProcessEnv;
try {
  env = environmentWithDotEnv();
} catch (error) {
  fail(error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error));
}
const url = env.LOOKUP_REDIS_URL?.trim();
if (!url) fail('LOOKUP_REDIS_URL is not set: budgets on the in-process store live and die with the server, there is nothing to confirm.');

const store = createRedisStore(url, { log: () => undefined });
try {
  const outcome = await confirmBudgetReset(store);
  if (!outcome.confirmed) console.log(`Nothing to confirm: budgets have been kept in this Redis since ${outcome.since}.`);
  else
    console.log(
      `Confirmed (the budget ledger was ${outcome.was === 'lost' ? 'marked lost by a server' : 'missing'}): budgets are kept again, counting from what Redis holds now; ` +
        'live calls spent before the loss are not counted. Every server accepts budgeted calls again from its next one.',
    );
} catch (error) {
  console.error(`The budget reset could not be confirmed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
