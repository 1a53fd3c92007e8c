// Lints the OpenAPI document generated from the registry with the two linters its users run:
// Spectral (`spectral:oas`, .spectral.yaml) and Redocly (recommended rules, redocly.yaml).
// Any error or warning from either fails (exit 1); the one documented exception (E's paths end
// in `/` as its spec writes them) is turned off in both configurations, with the reason.
import { spawnSync } from 'node:child_process';

// `node scripts/lint-openapi.mjs [file] [--existing]`: --existing lints the file as it is instead
// of writing the registry's document to it first.
const args = process.argv.slice(2);
const existing = args.includes('--existing');
const DOCUMENT = args.find((arg) => !arg.startsWith('--')) ?? 'reports/openapi.json';
const env = { ...process.env, FORCE_COLOR: '0', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const bin = (name) => `node_modules/.bin/${name}`;

function run(command, args, capture = false) {
  const result = spawnSync(command, args, { env, encoding: 'utf8', stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit' });
  if (result.error) throw result.error;
  return result;
}

const generated = existing ? { status: 0 } : run(bin('tsx'), ['scripts/openapi-document.ts', DOCUMENT]);
if (generated.status !== 0) {
  console.log('openapi: the document could not be generated');
  process.exit(1);
}

// Spectral: `--fail-severity=warn` makes a warning fail as well as an error.
console.log('\nSpectral (spectral:oas):');
const spectral = run(bin('spectral'), ['lint', DOCUMENT, '--ruleset', '.spectral.yaml', '--fail-severity=warn']);

// Redocly exits non-zero on errors only: its JSON report's totals decide on warnings too.
console.log('\nRedocly (recommended):');
const redocly = run(bin('redocly'), ['lint', DOCUMENT, '--config', 'redocly.yaml', '--format=json'], true);
let totals;
try {
  const report = JSON.parse(redocly.stdout);
  totals = report.totals;
  for (const problem of report.problems) {
    const where = problem.location?.[0]?.pointer ?? '';
    console.log(`  ${problem.severity.padEnd(5)} ${problem.ruleId}  ${where}  ${problem.message}`);
  }
  console.log(`  ${totals.errors} errors, ${totals.warnings} warnings (${totals.ignored} ignored)`);
} catch {
  console.log(redocly.stdout);
  console.log('  Redocly gave no JSON report');
}

const spectralOk = spectral.status === 0;
const redoclyOk = redocly.status === 0 && totals !== undefined && totals.errors === 0 && totals.warnings === 0;
console.log(`\nopenapi lint: Spectral ${spectralOk ? 'clean' : 'FAILED'}, Redocly ${redoclyOk ? 'clean' : 'FAILED'}`);
process.exit(spectralOk && redoclyOk ? 0 : 1);
