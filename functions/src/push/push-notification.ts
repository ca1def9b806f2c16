// The web push of every new notification, as a Firestore trigger. Its
// dependencies are made on each run, so importing the functions reaches neither Firestore nor
// Messaging, and a notification whose recipient has no device costs one small read.
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { getMessaging } from 'firebase-admin/messaging';
import { FUNCTIONS_REGION, NOTIFICATIONS_COLLECTION } from '../domain/index.js';
import { adminApp, adminDb } from '../firebase.js';
import { createBackendLogger } from '../logging/backend-logger.js';
import { loadPushTexts } from './push-texts.js';
import { sendPush } from './send-push.js';

/**
 * On each `notifications/{id}` written by the ticket operations: push it to the recipient's
 * devices. Not retried: a push late by minutes is worse than none (the inbox has it).
 */
export const pushNotification = onDocumentCreated(
  { document: `${NOTIFICATIONS_COLLECTION}/{notificationId}`, region: FUNCTIONS_REGION, maxInstances: 10 },
  async (event) => {
    const snapshot = event.data;
    if (!snapshot) return;
    const db = adminDb();
    const logger = createBackendLogger({ db });
    try {
      await sendPush(
        { db, logger, texts: loadPushTexts, messenger: () => getMessaging(adminApp()) },
        {
          id: snapshot.id,
          recipient: snapshot.get('recipient'),
          ticketId: snapshot.get('ticketId'),
          ticketNumber: snapshot.get('ticketNumber'),
          safetyReportId: snapshot.get('safetyReportId'),
          key: snapshot.get('key'),
          values: snapshot.get('values'),
        },
      );
    } catch (error) {
      logger.error('Could not push a notification', {
        notificationId: snapshot.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  },
);
