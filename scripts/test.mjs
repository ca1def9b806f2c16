// `npm test`: every layer, then one summary with counts per layer. The functions, rules and e2e
// layers run on the official Firestore emulator (a Java 21+ and the emulator are found by find-stack.mjs;
// without them the run stops at once with one line saying what is missing: it never skips a layer).
// `npm test -- --emulators` (`npm run test:emulators`): also the storage.rules tests, which need the
// Storage emulator (its rules runtime is a download).
//
// The functions and rules layers spend most of their time waiting on the emulators (about a quarter of two
// cores, measured), so they run in the background beside type-check, lint, unit and web tests, which keep
// the processors busy; their output is kept in .tmp/<layer>-layer.log and printed whole when they end, so
// the log reads one layer at a time. Type-check and lint run side by side (one core each). The browser
// tests run last, alone: they need the build and a quiet machine.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, requireStack } from './emulators.mjs';

const withEmulators = process.argv.includes('--emulators');
const results = [];
/** Every failed test, named, so the end of a CI log says what failed. */
const failures = [];
const TMP = path.join(ROOT, '.tmp');
mkdirSync(TMP, { recursive: true });

/**
 * Runs a command with its output on this terminal, or in `logFile` when given; resolves to its exit code.
 * Never synchronous: a background layer runs while the foreground one does.
 */
function run(command, args, logFile) {
  return new Promise((resolve) => {
    const fd = logFile ? openSync(logFile, 'w') : undefined;
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd],
      env: process.env,
    });
    const finish = (code) => {
      if (fd !== undefined) closeSync(fd);
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

/** Runs one step and records it; with `logFile`, its output is kept there and printed when it ends. */
async function step(name, command, args, logFile) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}${logFile ? ' (beside the next step)' : ''}`);
  const code = await run(command, args, logFile);
  if (logFile) {
    console.log(`\n=== ${name} (ran beside the next step):`);
    process.stdout.write(readFileSync(logFile));
  }
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
  return code === 0;
}

function vitestArgs(project, report) {
  return [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
}

/** Records a finished Vitest project's counts and failures from its JSON report. */
function recordLayer(project, report, code, started) {
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
  return { name: `${project} tests`, ok, seconds: (Date.now() - started) / 1000, counts };
}

/** Runs one Vitest project in the foreground and records its counts. */
async function vitestLayer(project) {
  const report = path.join(TMP, `vitest-${project}.json`);
  rmSync(report, { force: true });
  const started = Date.now();
  console.log(`\n=== ${project} tests`);
  const code = await run('npx', vitestArgs(project, report));
  const result = recordLayer(project, report, code, started);
  results.push(result);
  return result.ok;
}

/** Runs Vitest projects one after the other in the background; resolves to their results, in order. */
async function backgroundLayers(projects) {
  const done = [];
  for (const project of projects) {
    const report = path.join(TMP, `vitest-${project}.json`);
    const logFile = path.join(TMP, `${project}-layer.log`);
    rmSync(report, { force: true });
    const started = Date.now();
    const code = await run('npx', vitestArgs(project, report), logFile);
    done.push({ project, logFile, result: recordLayer(project, report, code, started) });
  }
  return done;
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
const emulatorLayers = ['functions', 'rules', ...(withEmulators ? ['storage-rules'] : [])];
console.log(`\n=== ${emulatorLayers.join(', ')} tests: in the background, output when they end`);
const background = backgroundLayers(emulatorLayers);
// Type-check and lint side by side: each is one process on one core.
await Promise.all([
  step('typecheck', 'npm', ['run', 'typecheck'], path.join(TMP, 'typecheck.log')),
  step('lint', 'npm', ['run', 'lint']),
]);
await vitestLayer('unit');
await vitestLayer('web');
for (const { project, logFile, result } of await background) {
  console.log(`\n=== ${project} tests (ran in the background, ${result.seconds.toFixed(1)} s)`);
  process.stdout.write(readFileSync(logFile));
  results.push({ ...result, background: true });
}
if (await step('build', 'npm', ['run', 'build'])) await vitestLayer('e2e');
else results.push({ name: 'e2e tests', ok: false, seconds: 0, counts: { passed: 0, failed: 1, skipped: 0 } });

const total = { passed: 0, failed: 0, skipped: 0 };
console.log('\n=== Summary');
for (const r of results) {
  const counts = r.counts
    ? ` ${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped`
    : '';
  if (r.counts) for (const k of Object.keys(total)) total[k] += r.counts[k];
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(16)} ${r.seconds.toFixed(1).padStart(6)} s${counts}${r.background ? ' (in the background)' : ''}`,
  );
}
const failedSteps = results.filter((r) => !r.ok).length;
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(
  `${total.passed} passed, ${total.failed + (failedSteps > 0 && total.failed === 0 ? failedSteps : 0)} failed`,
);
process.exit(failedSteps === 0 ? 0 : 1);
