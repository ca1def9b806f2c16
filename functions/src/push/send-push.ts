import type { Firestore } from 'firebase-admin/firestore';
import type { BatchResponse, Message } from 'firebase-admin/messaging';
import {
  type PushMessage,
  type PushNotification,
  type PushTexts,
  deadDevices,
  planPush,
} from '../domain/push.js';
import { deletePushDevicesById, listPushDevices } from './push-devices.js';

/** The one thing the sender needs of firebase-admin's Messaging: tests put a fake in its place. */
export type PushMessenger = { sendEach: (messages: Message[]) => Promise<BatchResponse> };

export type SendPushDeps = {
  db: Firestore;
  /** Made only when there is something to send, so a user without devices costs no client. */
  messenger: () => PushMessenger;
  /** The texts, loaded only when there is something to send. */
  texts: () => PushTexts;
  logger: {
    info: (message: string, details?: Record<string, unknown>) => void;
    warn: (message: string, details?: Record<string, unknown>) => void;
  };
};

export type SendPushResult = { sent: number; failed: number; forgotten: number };

/** How long FCM keeps a push for a phone that is off: a day, then the inbox has it anyway. */
const TTL_SECONDS = 24 * 60 * 60;

/** The FCM message of a planned push: data only, so the service worker (sw-push.js) shows it. */
export function toFcmMessage(message: PushMessage): Message {
  return {
    token: message.token,
    data: message.data,
    webpush: { headers: { Urgency: 'high', TTL: String(TTL_SECONDS) } },
  };
}

/**
 * Pushes a new notification to every device of its recipient (see `planPush`) and forgets the
 * devices whose token FCM says is dead (`deadDevices`). A failure of one device is logged and
 * does not stop the others; nothing is retried (the inbox holds the notification anyway).
 */
export async function sendPush(deps: SendPushDeps, notification: PushNotification): Promise<SendPushResult> {
  const { recipient } = notification;
  if (typeof recipient !== 'string' || recipient === '') return { sent: 0, failed: 0, forgotten: 0 };
  const devices = await listPushDevices(deps.db, recipient);
  if (devices.length === 0) return { sent: 0, failed: 0, forgotten: 0 };
  const messages = planPush(notification, devices, deps.texts());
  if (messages.length === 0) return { sent: 0, failed: 0, forgotten: 0 };
  const response = await deps.messenger().sendEach(messages.map(toFcmMessage));
  const outcomes = response.responses.map((answer) => ({
    isSuccess: answer.success,
    errorCode: answer.error?.code,
  }));
  const dead = deadDevices(messages, outcomes);
  await deletePushDevicesById(deps.db, recipient, dead);
  const failed = outcomes.filter((outcome) => !outcome.isSuccess).length;
  if (failed > dead.length) {
    deps.logger.warn('Some pushes failed', {
      notificationId: notification.id,
      errors: outcomes.flatMap((outcome) => (outcome.isSuccess ? [] : [outcome.errorCode ?? 'unknown'])),
    });
  }
  return { sent: outcomes.length - failed, failed, forgotten: dead.length };
}
