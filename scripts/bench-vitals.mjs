// Web vitals for `npm run bench`, measured in the page by the web-vitals library as a real user's
// browser would report them: the largest contentful paint (LCP) of /login and /ticket-history, and
// the interaction to next paint (INP) of opening a ticket from the history and of sending a
// new-ticket form. Mobile emulation: a Moto G4 screen and touch, the CPU slowed four times (as
// Lighthouse's mobile profile does); the network is the local one.
// LCP and INP thresholds of a "good" page: https://web.dev/articles/lcp and https://web.dev/articles/inp.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { devices } from 'playwright-core';
import { signIn } from './bench-reads.mjs';

const require = createRequire(import.meta.url);
// The library's browser build (a script defining `webVitals`), beside the entry its package exports.
const WEB_VITALS = readFileSync(
  path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.iife.js'),
  'utf8',
);
const CPU_SLOWDOWN = 4;
/** A metric is final when the library reported nothing new for this long. */
const QUIET_MS = 1500;
const READY_TIMEOUT_MS = 60_000;
export const VITALS_BUDGET = { lcpMs: 2500, inpMs: 200 };

/**
 * Runs in the page before its own scripts, given the library (its script's `webVitals`, which the
 * init script keeps to itself): every report of LCP and INP lands in `__vitals`.
 */
function collectVitals(webVitals) {
  const vitals = { lcp: null, inp: null, changedAt: Date.now() };
  Object.defineProperty(globalThis, '__vitals', { value: vitals });
  const note = (name) => (metric) => {
    vitals[name] = Math.round(metric.value);
    vitals.changedAt = Date.now();
  };
  webVitals.onLCP(note('lcp'), { reportAllChanges: true });
  webVitals.onINP(note('inp'), { reportAllChanges: true });
}

/** A mobile context (signed in as `email` when given) whose pages report their vitals. */
async function mobileContext(browser, app, email) {
  const context = await browser.newContext({ ...devices['Moto G4'], serviceWorkers: 'block' });
  await context.addInitScript({ content: `${WEB_VITALS};(${collectVitals.toString()})(webVitals);` });
  if (email) await signIn(context, app, email);
  return context;
}

/** A new page of `context` with the CPU slowed down. */
async function slowPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/** The value of `metric` once it is reported and has not changed for QUIET_MS. */
async function settledVital(page, metric) {
  await page.waitForFunction(
    ([name, quiet]) =>
      globalThis.__vitals[name] !== null && Date.now() - globalThis.__vitals.changedAt >= quiet,
    [metric, QUIET_MS],
    { timeout: READY_TIMEOUT_MS, polling: 250 },
  );
  return page.evaluate((name) => globalThis.__vitals[name], metric);
}

const TICKET_LINKS = 'main a[href^="/ticket/"]';

/** Measures the four vitals; returns rows {name, metric, value, budget}. */
export async function measureWebVitals({ browser, app }) {
  const rows = [];
  const visitor = await mobileContext(browser, app);
  try {
    const page = await slowPage(visitor);
    await page.goto(`${app}/login`);
    await page.locator('#login-email').waitFor({ timeout: READY_TIMEOUT_MS });
    rows.push({ name: '/login', metric: 'LCP', value: await settledVital(page, 'lcp') });
  } finally {
    await visitor.close();
  }

  const worker = await mobileContext(browser, app, 'worker@example.com');
  try {
    const history = await slowPage(worker);
    await history.goto(`${app}/ticket-history`);
    await history.locator(TICKET_LINKS).first().waitFor({ timeout: READY_TIMEOUT_MS });
    rows.push({ name: '/ticket-history', metric: 'LCP', value: await settledVital(history, 'lcp') });
    await history.locator(TICKET_LINKS).first().click();
    await history.waitForURL(/\/ticket\/[^/]+$/, { timeout: READY_TIMEOUT_MS });
    rows.push({
      name: 'open a ticket from the history',
      metric: 'INP',
      value: await settledVital(history, 'inp'),
    });
    await history.close();

    const form = await slowPage(worker);
    await form.goto(`${app}/new-ticket/accommodation/repair`);
    await form.locator('#ticket-description').fill('Bench: the window of the room does not close');
    await form.locator('main form button[type="submit"]').click();
    await form.locator(TICKET_LINKS).first().waitFor({ timeout: READY_TIMEOUT_MS });
    rows.push({ name: 'send a new-ticket form', metric: 'INP', value: await settledVital(form, 'inp') });
    await form.close();
  } finally {
    await worker.close();
  }
  return rows.map((row) => ({
    ...row,
    budget: row.metric === 'LCP' ? VITALS_BUDGET.lcpMs : VITALS_BUDGET.inpMs,
  }));
}

/** Prints the vitals and returns the failures (a vital over its "good" threshold). */
export function reportWebVitals(rows) {
  console.log(`\nWeb vitals (web-vitals, Moto G4 emulation, CPU ${CPU_SLOWDOWN}x slower):`);
  for (const { name, metric, value, budget } of rows) {
    console.log(`  ${metric} ${name.padEnd(34)} ${String(value).padStart(6)} ms   budget ${budget} ms`);
  }
  return rows
    .filter(({ value, budget }) => value > budget)
    .map(({ name, metric, value, budget }) => `${metric} of ${name}: ${value} ms > ${budget} ms`);
}
