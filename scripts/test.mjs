// `npm test`: every layer, in order, then one summary with counts per layer. The functions, rules and e2e
// layers run on the official Firestore emulator (a Java 21+ and the emulator are found by find-stack.mjs;
// without them the run stops at once with one line saying what is missing: it never skips a layer).
// `npm test -- --emulators` (`npm run test:emulators`): also the storage.rules tests, which need the
// Storage emulator (its rules runtime is a download).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, requireStack } from './emulators.mjs';

const withEmulators = process.argv.includes('--emulators');
const results = [];
/** Every failed test, named, so the end of a CI log says what failed. */
const failures = [];
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
function vitestLayer(project) {
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
  const code = run('npx', vitest);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts.passed = json.numPassedTests;
    counts.failed = json.numFailedTests + (json.numFailedTestSuites > 0 && json.numFailedTests === 0 ? 1 : 0);
    counts.skipped = json.numPendingTests + json.numTodoTests;
    for (const file of json.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const reason = String(test.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 160);
        failures.push(`${project}: ${path.relative(ROOT, file.name)} > ${test.fullName}\n     ${reason}`);
      }
      if (file.status === 'failed' && (file.assertionResults ?? []).every((t) => t.status !== 'failed')) {
        failures.push(
          `${project}: ${path.relative(ROOT, file.name)}\n     ${String(file.message).split('\n')[0]}`,
        );
      }
    }
  } else if (code !== 0) {
    counts.failed = 1;
  }
  const ok = code === 0 && counts.failed === 0 && counts.passed > 0;
  results.push({ name: `${project} tests`, ok, seconds: (Date.now() - started) / 1000, counts });
  return ok;
}

let stack;
try {
  stack = await requireStack();
} catch (error) {
  console.error(`npm test: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
if (withEmulators && !stack.storage.canRun) {
  console.error(`npm run test:emulators: the Storage emulator cannot run here (${stack.storage.source}).`);
  process.exit(1);
}

const started = Date.now();
step('typecheck', 'npm', ['run', 'typecheck']);
step('lint', 'npm', ['run', 'lint']);
vitestLayer('unit');
vitestLayer('web');
vitestLayer('functions');
vitestLayer('rules');
if (withEmulators) vitestLayer('storage-rules');
if (step('build', 'npm', ['run', 'build'])) vitestLayer('e2e');
else results.push({ name: 'e2e tests', ok: false, seconds: 0, counts: { passed: 0, failed: 1, skipped: 0 } });

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
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(
  `${total.passed} passed, ${total.failed + (failedSteps > 0 && total.failed === 0 ? failedSteps : 0)} failed`,
);
process.exit(failedSteps === 0 ? 0 : 1);
