// `npm run bench`: measures the performance budgets on the built app behind the local Emulator Suite.
//  - JavaScript (gzip) each route loads, in Chromium: /login <= 180 KB and no Firestore or
//    Storage code; every route <= 400 KB (the target, 350 KB, is reported route by route).
//  - Lighthouse (mobile) on /login: performance >= 95 (target 97), accessibility 100.
//  - Web vitals (bench-vitals.mjs): LCP of /login and /ticket-history <= 2.5 s, INP of opening a
//    ticket from the history and of sending a form <= 200 ms, on an emulated phone.
//  - Firestore documents read and listeners per screen (bench-reads.mjs): the ticket history reads no
//    more documents than it shows tickets.
// Prints a table and exits non-zero when a budget is missed. Expects `npm run build` first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { measureReadsPerScreen, printReadsTable, startStackWithReadsProbe } from './bench-reads.mjs';
import { measureWebVitals, reportWebVitals } from './bench-vitals.mjs';
import { PORTS, ROOT } from './emulators.mjs';

const APP = `http://127.0.0.1:${PORTS.hosting}`;
const DIST = path.join(ROOT, 'web', 'dist');
const CHROMIUM = CHROMIUM_PATH;
const CHROME_FLAGS = CHROMIUM_FLAGS;
const KB = 1024;
const BUDGET = { loginJs: 180 * KB, routeJs: 400 * KB, performance: 95, accessibility: 100 };
const TARGET = { routeJs: 350 * KB, performance: 97 };
const ROUTES = [
  '/profile',
  '/new-ticket',
  '/new-ticket/presalary/advance',
  '/new-ticket/clothes/newWorkwear',
  // The tool catalogue reads Firestore: the heaviest form.
  '/new-ticket/tools/order',
  '/ticket-history',
  '/ticket/t-0001',
  '/ticket-queue',
  '/report-bug',
  '/report-danger',
  '/admin',
  '/admin/users',
  '/admin/profile/u-worker',
  '/admin/debug',
  '/no-such-page',
];
const FIRESTORE_MARKERS = ['firestore.googleapis.com', 'google.firestore.v1'];
const STORAGE_MARKERS = ['firebasestorage.googleapis.com'];
// `--js-only` measures the JavaScript per route and nothing else (a quick check of a build change).
const jsOnly = process.argv.includes('--js-only');
const skipLighthouse = jsOnly || process.argv.includes('--no-lighthouse');
// `--files=/ticket/t-0001` lists the files that route loads, largest first.
const filesOf = process.argv.find((arg) => arg.startsWith('--files='))?.slice('--files='.length);
const LIGHTHOUSE_RUNS = 3;

function gzipSizeOf(urlPath) {
  const source = readFileSync(path.join(DIST, urlPath));
  return { size: gzipSync(source).length, text: source.toString('utf8') };
}

/** Loads `url` in `page` and returns the JavaScript files it fetched, with their gzip sizes. */
async function scriptsLoadedBy(page, url) {
  const scripts = new Set();
  let lastScriptAt = Date.now();
  const onResponse = (response) => {
    const request = response.request();
    const { pathname, origin } = new URL(request.url());
    if (origin === APP && request.resourceType() === 'script') {
      scripts.add(pathname);
      lastScriptAt = Date.now();
    }
  };
  page.on('response', onResponse);
  // Not "networkidle": live Firestore screens keep a listen channel open for as long as they show.
  // Done when no script has arrived for 2.5 s (lazy chunks load after the first render).
  await page.goto(url, { waitUntil: 'load' });
  const started = Date.now();
  while (Date.now() - lastScriptAt < 2500 && Date.now() - started < 20_000) await page.waitForTimeout(250);
  page.off('response', onResponse);
  const files = [...scripts].map((file) => ({ file, ...gzipSizeOf(file) }));
  return { files, total: files.reduce((sum, f) => sum + f.size, 0) };
}

const hasAny = (files, markers) => files.some((f) => markers.some((m) => f.text.includes(m)));

const failures = [];
const rows = [];
const stack = await startStackWithReadsProbe({
  seed: true,
  logFile: path.join(ROOT, '.tmp', 'bench-emulators.log'),
  log: () => undefined,
});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
try {
  const visitor = await browser.newContext({ serviceWorkers: 'block' });
  const login = await scriptsLoadedBy(await visitor.newPage(), `${APP}/login`);
  const hasFirestore = hasAny(login.files, FIRESTORE_MARKERS);
  const hasStorage = hasAny(login.files, STORAGE_MARKERS);
  rows.push(['/login', login.total, BUDGET.loginJs]);
  if (process.argv.includes('--verbose')) {
    for (const f of login.files.sort((a, b) => b.size - a.size))
      console.log(`  /login ${(f.size / KB).toFixed(1).padStart(6)} KB ${f.file}`);
  }
  if (login.total > BUDGET.loginJs) failures.push(`/login loads ${(login.total / KB).toFixed(1)} KB gzip JS`);
  if (hasFirestore || hasStorage) failures.push('/login loads Firestore or Storage code');
  await visitor.close();

  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${APP}/login`);
  await page.locator('#login-email').fill('admin@example.com');
  await page.locator('#login-password').fill('Demo-pass-1');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  for (const route of ROUTES) {
    const fresh = await context.newPage();
    const result = await scriptsLoadedBy(fresh, `${APP}${route}`);
    rows.push([route, result.total, BUDGET.routeJs]);
    if (route === filesOf) {
      for (const f of result.files.sort((a, b) => b.size - a.size))
        console.log(`  ${route} ${(f.size / KB).toFixed(1).padStart(6)} KB ${f.file}`);
    }
    if (result.total > BUDGET.routeJs)
      failures.push(`${route} loads ${(result.total / KB).toFixed(1)} KB gzip JS`);
    await fresh.close();
  }
  await context.close();

  console.log('\nJavaScript loaded per route (gzip):');
  for (const [route, total, budget] of rows) {
    const overTarget =
      route !== '/login' && total > TARGET.routeJs ? `   over the ${TARGET.routeJs / KB} KB target` : '';
    console.log(
      `  ${route.padEnd(32)} ${(total / KB).toFixed(1).padStart(7)} KB   budget ${budget / KB} KB${overTarget}`,
    );
  }
  console.log(
    `  /login Firestore code: ${hasFirestore ? 'YES' : 'none'}; Storage code: ${hasStorage ? 'YES' : 'none'}`,
  );

  if (!jsOnly) {
    const reads = await measureReadsPerScreen({ browser, app: APP });
    printReadsTable(reads.rows, { verbose: process.argv.includes('--verbose') });
    failures.push(...reads.failures);

    failures.push(...reportWebVitals(await measureWebVitals({ browser, app: APP })));
  }

  // Lighthouse gets the machine to itself: the measuring browser would compete for its two cores.
  await browser.close();
  if (!skipLighthouse) {
    const { default: lighthouse } = await import('lighthouse');
    const { launch } = await import('chrome-launcher');
    // Lighthouse scores vary from run to run on a small machine: report the median of three.
    const runs = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
      try {
        const result = await lighthouse(`${APP}/login`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          formFactor: 'mobile',
        });
        if (result) runs.push(result.lhr);
      } finally {
        await chrome.kill();
      }
    }
    const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const median = runs[Math.floor(runs.length / 2)];
    if (!median) throw new Error('Lighthouse produced no result');
    const performance = score(median, 'performance');
    const accessibility = score(median, 'accessibility');
    const audits = median.audits;
    console.log(
      `\nLighthouse (mobile) /login, median of ${runs.length}: performance ${performance}, accessibility ${accessibility}` +
        ` (performance per run: ${runs.map((r) => score(r, 'performance')).join(', ')})`,
    );
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]) {
      console.log(`  ${id}: ${audits[id]?.displayValue ?? '?'}`);
    }
    if (process.argv.includes('--verbose')) {
      const lcpItems = audits['largest-contentful-paint-element']?.details?.items ?? [];
      for (const item of lcpItems.flatMap((i) => i.items ?? [i])) {
        if (item.node?.snippet) console.log(`  LCP element: ${item.node.snippet.slice(0, 100)}`);
      }
      for (const item of (audits['bootup-time']?.details?.items ?? []).slice(0, 6)) {
        console.log(
          `  bootup ${Math.round(item.total)} ms (script ${Math.round(item.scripting)} ms) ${item.url}`,
        );
      }
    }
    for (const audit of Object.values(audits)) {
      const isAccessibility = median.categories.accessibility.auditRefs.some((r) => r.id === audit.id);
      if (isAccessibility && audit.score !== null && audit.score < 1) {
        console.log(`  accessibility issue: ${audit.id}: ${audit.title}`);
      }
    }
    if (performance < TARGET.performance) console.log(`  performance below the ${TARGET.performance} target`);
    if (performance < BUDGET.performance)
      failures.push(`Lighthouse performance ${performance} < ${BUDGET.performance}`);
    if (accessibility < BUDGET.accessibility)
      failures.push(`Lighthouse accessibility ${accessibility} < ${BUDGET.accessibility}`);
  }
} finally {
  await browser.close();
  await stack.stop();
}

if (failures.length > 0) {
  console.error(`\nBudgets missed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nAll budgets met.');
