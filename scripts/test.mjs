// `npm test`: every layer that runs without Java or internet, in order, then one summary.
// `npm test -- --emulators` (`npm run test:emulators`): also the rules tests under the official
// Firestore and Storage emulators, which need Java 21.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './emulators.mjs';

const withEmulators = process.argv.includes('--emulators');
const results = [];
const TMP = path.join(ROOT, '.tmp');
mkdirSync(TMP, { recursive: true });

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  return result.status ?? 1;
}

function step(name, command, args) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const code = run(command, args);
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
  return code === 0;
}

/** Runs one Vitest project and records its counts from the JSON report. */
function vitestLayer(project, wrap) {
  const report = path.join(TMP, `vitest-${project}.json`);
  rmSync(report, { force: true });
  const vitest = [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const started = Date.now();
  console.log(`\n=== ${project} tests`);
  const code = wrap ? run('npx', wrap(vitest.join(' '))) : run('npx', vitest);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts.passed = json.numPassedTests;
    counts.failed = json.numFailedTests + (json.numFailedTestSuites > 0 && json.numFailedTests === 0 ? 1 : 0);
    counts.skipped = json.numPendingTests + json.numTodoTests;
  } else if (code !== 0) {
    counts.failed = 1;
  }
  const ok = code === 0 && counts.failed === 0 && counts.passed > 0;
  results.push({ name: `${project} tests`, ok, seconds: (Date.now() - started) / 1000, counts });
  return ok;
}

function javaMajor() {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${out.stderr ?? ''}${out.stdout ?? ''}`);
  return match ? (Number(match[1]) === 1 ? Number(match[2]) : Number(match[1])) : null;
}

const started = Date.now();
step('typecheck', 'npm', ['run', 'typecheck']);
step('lint', 'npm', ['run', 'lint']);
vitestLayer('unit');
vitestLayer('web');
vitestLayer('functions');
if (step('build', 'npm', ['run', 'build'])) vitestLayer('e2e');
else results.push({ name: 'e2e tests', ok: false, seconds: 0, counts: { passed: 0, failed: 1, skipped: 0 } });

if (withEmulators) {
  const java = javaMajor();
  if (java === null || java < 21) {
    console.error(
      `\ntest:emulators needs Java 21+ for the Firestore and Storage emulators (found ${java ?? 'none'}).`,
    );
    results.push({
      name: 'rules tests',
      ok: false,
      seconds: 0,
      counts: { passed: 0, failed: 1, skipped: 0 },
    });
  } else {
    vitestLayer('rules', (inner) => [
      'firebase',
      'emulators:exec',
      '--only',
      'firestore,storage',
      '--project',
      'demo-ticket-app',
      '--config',
      'firebase.json',
      inner,
    ]);
  }
}

const total = { passed: 0, failed: 0, skipped: 0 };
console.log('\n=== Summary');
for (const r of results) {
  const counts = r.counts
    ? ` ${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped`
    : '';
  if (r.counts) for (const k of Object.keys(total)) total[k] += r.counts[k];
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(16)} ${r.seconds.toFixed(1).padStart(6)} s${counts}`,
  );
}
const failedSteps = results.filter((r) => !r.ok).length;
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(
  `${total.passed} passed, ${total.failed + (failedSteps > 0 && total.failed === 0 ? failedSteps : 0)} failed`,
);
process.exit(failedSteps === 0 ? 0 : 1);
