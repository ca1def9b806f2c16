// The overdue notifier as a scheduled function (Cloud Scheduler). Its dependencies are made on each
// run, so importing the functions reaches no service.
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { FUNCTIONS_REGION } from '../domain/index.js';
import { adminAuth, adminDb } from '../firebase.js';
import { createBackendLogger } from '../logging/backend-logger.js';
import { runOverdueNotifier } from './overdue-notifier.js';

/**
 * Every hour from 6:00 to 20:00 Polish time on working days, when staff can act on it; a failed run
 * is tried once more (and the next hour's run catches up, each ticket told once).
 */
export const notifyOverdueTickets = onSchedule(
  {
    schedule: '0 6-20 * * 1-5',
    timeZone: 'Europe/Warsaw',
    region: FUNCTIONS_REGION,
    maxInstances: 1,
    retryCount: 1,
    timeoutSeconds: 300,
  },
  async () => {
    const db = adminDb();
    await runOverdueNotifier({ db, auth: adminAuth(), now: Date.now, logger: createBackendLogger({ db }) });
  },
);
