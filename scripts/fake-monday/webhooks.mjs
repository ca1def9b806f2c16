// The fake board's webhooks, sent as monday sends an integration app's webhooks
// (https://developer.monday.com/api-reference/reference/webhooks): a POST of `{"event": {...}}`
// with a JWT in `Authorization` signed with the app's Signing Secret
// (https://developer.monday.com/apps/docs/integration-authorization), retried once a minute for 30
// minutes. Every event is built on the shape of a fixture in fixtures/webhooks/ (monday's
// documented samples where there are any; see each fixture's `_source` and `_note`).
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { styleOf } from './board-data.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURES = join(HERE, 'fixtures', 'webhooks');

/** A webhook fixture (`{_source, _note?, event}`) by file name without `.json`. */
export function webhookFixture(name) {
  return JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));
}

const fixtureEvents = new Map();
/** An event with the fixture's fields (and order), the given ones replaced; a field the fixture lacks is a bug. */
function fromFixture(name, fields) {
  if (!fixtureEvents.has(name)) fixtureEvents.set(name, webhookFixture(name).event);
  const template = fixtureEvents.get(name);
  for (const key of Object.keys(fields)) {
    if (!(key in template)) throw new Error(`webhook fixture ${name} has no field ${key}`);
  }
  return { ...template, ...fields };
}

const b64url = (value) => Buffer.from(value).toString('base64url');

/** A JWT signed HS256 with `secret` (the app's Signing Secret). */
export function signJwt(claims, secret) {
  const head = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** monday's numeric ids go out as numbers (the seed's "w-1001" stays a string). */
const idOut = (id) => (/^\d{1,15}$/.test(String(id)) ? Number(id) : String(id));
/** 32 hex digits, as in monday's samples. */
const newTriggerUuid = () => randomUUID().replaceAll('-', '');

/** monday's columnType in webhooks: a status column is `color` (documented sample); others as the API types them (approximation). */
const webhookColumnType = (type) => (type === 'status' ? 'color' : type);

/** A cell's value in a webhook (`value` / `previousValue`); null when empty. */
function webhookValue(column, cell) {
  if (!cell || cell.value === null || cell.value === undefined || !cell.text) return null;
  const stored = JSON.parse(cell.value);
  switch (column.type) {
    case 'status': {
      const label = column.labels.find((l) => l.id === stored.index) ?? { id: stored.index, name: cell.text };
      return { label: { index: label.id, text: label.name, style: styleOf(label.id) }, post_id: null };
    }
    case 'dropdown':
      return {
        chosenValues: (stored.ids ?? []).map((id) => ({
          id,
          name: column.labels.find((l) => l.id === id)?.name ?? '',
        })),
      };
    case 'date':
      return { date: stored.date, icon: null, time: stored.time ?? null };
    case 'text':
    case 'numbers':
      return { value: cell.text };
    default:
      return stored;
  }
}

/**
 * The events of the board's changes, as `{type, event}` (type: the fixture name).
 * @param {{ boardId: string, userId: number, subscriptionId: number, now: () => number }} ctx
 */
export function eventBuilders(ctx) {
  const base = () => ({
    boardId: idOut(ctx.boardId),
    userId: ctx.userId,
    subscriptionId: ctx.subscriptionId,
    triggerTime: new Date(ctx.now()).toISOString(),
    triggerUuid: newTriggerUuid(),
  });
  const lifecycle = (name, item, extra = {}) =>
    fromFixture(name, { ...base(), itemId: idOut(item.id), itemName: item.name, ...extra });
  return {
    created: (item) =>
      fromFixture('create_pulse', {
        ...base(),
        pulseId: idOut(item.id),
        pulseName: item.name,
        groupId: 'topics',
        groupName: 'Group Title',
        groupColor: '#579bfc',
        isTopGroup: true,
        columnValues: {},
      }),
    columnChanged: (item, column, cell, previous) =>
      fromFixture(
        column.type === 'status'
          ? 'update_column_value.status'
          : column.type === 'dropdown'
            ? 'update_column_value.dropdown'
            : 'update_column_value.date',
        {
          ...base(),
          groupId: 'topics',
          pulseId: idOut(item.id),
          pulseName: item.name,
          columnId: column.id,
          columnType: webhookColumnType(column.type),
          columnTitle: column.title,
          value: webhookValue(column, cell),
          previousValue: webhookValue(column, previous),
          changedAt: ctx.now() / 1000,
          isTopGroup: true,
        },
      ),
    renamed: (item, previousName) =>
      fromFixture('update_name', {
        ...base(),
        groupId: 'topics',
        pulseId: idOut(item.id),
        value: { name: item.name },
        previousValue: { name: previousName },
      }),
    archived: (item) => lifecycle('archive_pulse', item),
    deleted: (item) => lifecycle('delete_pulse', item),
    /** `from`: the state the item left ('archived' | 'deleted'); monday's state numbers are known for archived (2) only. */
    restored: (item, from) =>
      lifecycle('restore_pulse', item, {
        value: { state: 1, is_undo: false },
        previousValue: { state: from === 'deleted' ? 3 : 2 },
      }),
  };
}

/**
 * Sends events to `webhook.url` as monday does: the first attempt at once, then one every
 * `retryIntervalMs` while the answer is not 200 (monday: "anything other than a 200 status code"),
 * `maxAttempts` attempts in all. Each attempt carries a fresh JWT and `isRetry` where the event
 * has that field.
 * @param {{ url: string, signingSecret: string, retryIntervalMs?: number, maxAttempts?: number, accountId?: number, userId?: number }} webhook
 * @param {{ now: () => number, stats: () => any, log: any[] }} ctx
 */
export function webhookSender(webhook, ctx) {
  const retryIntervalMs = webhook.retryIntervalMs ?? 60_000;
  const maxAttempts = webhook.maxAttempts ?? 30;
  const timers = new Set();
  let stopped = false;

  const tokenFor = () => {
    const iat = Math.floor(ctx.now() / 1000);
    return signJwt(
      {
        accountId: webhook.accountId ?? 1,
        userId: webhook.userId ?? 1,
        aud: webhook.url,
        exp: iat + 300,
        iat,
        // monday issues no short-lived token to an endpoint that is not https://.
        ...(webhook.url.startsWith('https://')
          ? { shortLivedToken: `fake-short-lived-${randomUUID()}` }
          : {}),
      },
      webhook.signingSecret,
    );
  };

  async function attempt(event, number) {
    const body = JSON.stringify({ event: 'isRetry' in event ? { ...event, isRetry: number > 1 } : event });
    let status = 0;
    let error;
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: tokenFor() },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (failure) {
      error = String(failure instanceof Error ? failure.message : failure);
    }
    const stats = ctx.stats();
    stats.webhooksSent += 1;
    if (status !== 200) stats.webhookFailures += 1;
    ctx.log.push({
      type: event.type,
      triggerUuid: event.triggerUuid,
      attempt: number,
      status,
      ...(error ? { error } : {}),
      at: new Date(ctx.now()).toISOString(),
    });
    if (status !== 200 && number < maxAttempts && !stopped) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void attempt(event, number + 1);
      }, retryIntervalMs);
      timers.add(timer);
    }
    return status;
  }

  return {
    /** Sends the event; resolves with the first attempt's HTTP status (0: no answer). */
    deliver: (event) => attempt(event, 1),
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
