import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOnline } from '../../testing/online';
import { OUTBOX_RETRY_MS, type RoundResult, requestOutboxSend, startSendLoop } from './send-loop';

// When the outboxes are sent: at once, again every OUTBOX_RETRY_MS while something waits, when
// the connection returns, when a screen asks, and at the service worker's Background Sync.

const waiting: RoundResult = { isWaiting: true };
const done: RoundResult = { isWaiting: false };

/** Lets the loop's promises settle. */
const settle = () => act(async () => await Promise.resolve());

/** The service worker's ask, as the page receives it, with the port it answers on. */
function askFromServiceWorker(target: EventTarget) {
  const postMessage = vi.fn();
  const event = Object.assign(new Event('message'), {
    data: { type: 'outbox-send' },
    ports: [{ postMessage }],
  });
  target.dispatchEvent(event);
  return postMessage;
}

describe('the outbox send loop', () => {
  const stops: (() => void)[] = [];
  let serviceWorker: EventTarget;

  beforeEach(() => {
    vi.useFakeTimers();
    setOnline(true);
    serviceWorker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  });

  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('sends at once, and again every 30 s only while something waits', async () => {
    const round = vi.fn().mockResolvedValueOnce(waiting).mockResolvedValue(done);
    stops.push(startSendLoop(round));
    await settle();
    expect(round).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS));
    expect(round).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS * 3));
    expect(round).toHaveBeenCalledTimes(2);
  });

  it('tries again later when another tab was sending (a round answering null)', async () => {
    const round = vi.fn().mockResolvedValueOnce(null).mockResolvedValue(done);
    stops.push(startSendLoop(round));
    await act(() => vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS));
    expect(round).toHaveBeenCalledTimes(2);
  });

  it('sends when the connection returns and when a screen asks, in every running loop', async () => {
    const tickets = vi.fn().mockResolvedValue(done);
    const reports = vi.fn().mockResolvedValue(done);
    stops.push(startSendLoop(tickets), startSendLoop(reports));
    await settle();
    act(() => setOnline(false));
    act(() => setOnline(true));
    await settle();
    expect(tickets).toHaveBeenCalledTimes(2);
    expect(reports).toHaveBeenCalledTimes(2);
    requestOutboxSend();
    await settle();
    expect(tickets).toHaveBeenCalledTimes(3);
    expect(reports).toHaveBeenCalledTimes(3);
  });

  it('answers the service worker “sent” only once no loop still waits', async () => {
    const tickets = vi.fn().mockResolvedValue(done);
    const reports = vi.fn().mockResolvedValue(waiting);
    stops.push(startSendLoop(tickets), startSendLoop(reports));
    await settle();
    const answer = askFromServiceWorker(serviceWorker);
    await settle();
    expect(answer).toHaveBeenCalledWith('waiting');
    reports.mockResolvedValue(done);
    const second = askFromServiceWorker(serviceWorker);
    await settle();
    expect(second).toHaveBeenCalledWith('sent');
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('stops sending once stopped', async () => {
    const round = vi.fn().mockResolvedValue(waiting);
    const stop = startSendLoop(round);
    await settle();
    stop();
    requestOutboxSend();
    await act(() => vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS * 2));
    expect(round).toHaveBeenCalledTimes(1);
    expect(askFromServiceWorker(serviceWorker)).not.toHaveBeenCalled();
  });
});
