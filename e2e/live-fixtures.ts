// Helpers of the live-screen e2e tests (live-*.e2e.ts): English browser sessions (their consoles are
// watched for reads the rules refuse by browser.ts and console-guard.ts), tickets filed through the
// submitTicket callable, a throw-away worker account, and the clean-up of what the tests created through the Admin SDK.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { TicketSubmissionInput } from '../functions/src/domain/index.js';
import { emulatorEnv } from '../scripts/emulators.mjs';
import { PASSWORD, callFunction, signIn } from './app-actions.js';
import { launchBrowser, newContext } from './browser.js';

// --- browser sessions ------------------------------------------------------------------------

export type Session = { context: BrowserContext; page: Page; label: string };

/**
 * The browser of one test file: launched before its tests, closed after them. The sessions a test
 * opens are closed after it.
 */
export function useLiveBrowser() {
  let browser: Browser | undefined;
  const open: Session[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((session) => session.context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh profile with the UI in English (set before the app loads). */
  async function englishSession(label: string, size: 'phone' | 'desktop' = 'desktop'): Promise<Session> {
    if (!browser) throw new Error('the browser is not running');
    const context = await newContext(browser, size);
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const session: Session = { context, page: await context.newPage(), label };
    open.push(session);
    return session;
  }

  /** An English session signed in as `email` (every account of these tests has the seed password). */
  async function signedIn(email: string, size: 'phone' | 'desktop' = 'desktop') {
    const session = await englishSession(email, size);
    await signIn(session.page, email);
    return session;
  }

  return { englishSession, signedIn };
}

// --- the screens -----------------------------------------------------------------------------

/** The rows of the history list ("Tickets"). */
export const historyRows = (page: Page): Locator =>
  page.getByRole('list', { name: 'Tickets', exact: true }).getByRole('listitem');

/** The ticket numbers the history list shows, top to bottom ([] while it loads or is empty). */
export async function listedNumbers(page: Page): Promise<string[]> {
  const texts = await historyRows(page).allTextContents();
  return texts.map((text) => /T-\d+(?:-\d+)?/.exec(text)?.[0] ?? text);
}

/** The history row of one ticket. */
export const historyRow = (page: Page, number: string): Locator =>
  historyRows(page).filter({ hasText: new RegExp(`${number}(?!\\d)`) });

/** A titled part of the ticket page ("Overview", "Updates", "Activity log", ...). */
export const section = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: title, exact: true });

/** The value shown for a label in a field list of the ticket page (the first such field). */
export function fieldValue(scope: Locator, label: string): Promise<string> {
  return scope
    .locator('.ticket-field')
    .filter({
      has: scope
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) }),
    })
    .getByRole('definition')
    .first()
    .innerText();
}

/** The texts of the list items of a part of the ticket page, top to bottom. */
export async function itemTexts(scope: Locator): Promise<string[]> {
  const texts = await scope.getByRole('listitem').allInnerTexts();
  return texts.map((text) => text.replace(/\s+/g, ' ').trim());
}

/** "5 November 2026": a day as the ticket page writes it in English (device time zone). */
export function longDay(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** Marks the document, so a test can tell later that the page was not reloaded. */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMark?: string }).liveMark = 'not reloaded';
  });
}

export function isMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark === 'not reloaded');
}

// --- callables and the Admin SDK -------------------------------------------------------------

export type FiledTicket = { ticketId: string; number: string };

/** Omit over each member of a union (a submission is one of several category shapes). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A submitTicket payload without its request id (fileTicket adds a fresh one). */
export type NewTicket = DistributiveOmit<TicketSubmissionInput, 'requestId'>;

/** Tickets the tests filed, deleted (with their updates and activity) by deleteFiledTickets. */
const filedTicketIds = new Set<string>();

/** Files a ticket through the submitTicket callable, as the new-ticket form does. */
export async function fileTicket(idToken: string, submission: NewTicket): Promise<FiledTicket> {
  const filed = await callFunction<FiledTicket>('submitTicket', idToken, {
    requestId: randomUUID(),
    attachments: [],
    ...submission,
  });
  filedTicketIds.add(filed.ticketId);
  return filed;
}

/** A work-hours ticket (no salary period or presalary lock involved) with this description. */
export function workHoursTicket(description: string): NewTicket {
  return {
    category: 'workhours',
    subcategory: 'missingHours',
    description,
    startDate: '2026-11-02',
    endDate: '2026-11-02',
    hours: 8,
  };
}

/** The Admin SDK on the stack's Auth and Firestore emulators. */
export async function admin() {
  Object.assign(process.env, emulatorEnv());
  const { adminDb, adminAuth } = await import('../functions/src/firebase.js');
  return { db: adminDb(), auth: adminAuth() };
}

/** Deletes every ticket fileTicket filed, with its sub-collections. */
export async function deleteFiledTickets(): Promise<void> {
  const { db } = await admin();
  const ids = [...filedTicketIds];
  filedTicketIds.clear();
  await Promise.all(ids.map((id) => db.recursiveDelete(db.collection('tickets').doc(id))));
}

export type TestWorker = { uid: string; email: string; name: string; password: string; workerId: string };

/**
 * A worker account of the test's own, made as staff make one (only such an account has power): a
 * directory worker `workers/{workerId}` first (the sign-up gate and createAccount look e-mails up
 * there), then an Auth user with a password and the `user` role claim, then a `users/{uid}`
 * document shaped like the seed's, linked to that worker.
 */
export async function createTestWorker(name: string): Promise<TestWorker> {
  const { db, auth } = await admin();
  const suffix = randomUUID().slice(0, 8);
  const worker = {
    uid: `u-e2e-live-${suffix}`,
    email: `live-e2e-${suffix}@example.com`,
    name,
    password: PASSWORD,
    workerId: `w-e2e-live-${suffix}`,
  };
  await db.collection('workers').doc(worker.workerId).set({ name, email: worker.email });
  const record = await auth.createUser({
    uid: worker.uid,
    email: worker.email,
    password: worker.password,
    displayName: name,
    emailVerified: true,
  });
  await auth.setCustomUserClaims(worker.uid, { role: 'user' });
  const { Timestamp } = await import('firebase-admin/firestore');
  await db
    .collection('users')
    .doc(worker.uid)
    .set({
      email: worker.email,
      name,
      role: 'user',
      assignedPermissions: [],
      revokedPermissions: [],
      workerId: worker.workerId,
      createdAt: Timestamp.fromDate(new Date(record.metadata.creationTime)),
      updatedAt: Timestamp.now(),
    });
  return worker;
}

/** Deletes a test worker: their tickets (with sub-collections), users and directory documents and Auth user. */
export async function deleteTestWorker(worker: TestWorker): Promise<void> {
  const { db, auth } = await admin();
  const tickets = await db.collection('tickets').where('createdBy', '==', worker.uid).get();
  await Promise.all(tickets.docs.map((doc) => db.recursiveDelete(doc.ref)));
  await db.collection('users').doc(worker.uid).delete();
  await db.collection('workers').doc(worker.workerId).delete();
  await auth.deleteUser(worker.uid).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  });
}
