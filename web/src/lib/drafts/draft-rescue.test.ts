import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PAD_BYTES, deleteAllRescues, draftRescue, takeRescuedDrafts } from './draft-rescue';

/** The localStorage keys of rescue writes and of pads. */
const stored = (prefix: string) => Object.keys(localStorage).filter((key) => key.startsWith(prefix));

/** A rescue whose pad is ready (made and stored in the background). */
async function readyRescue(uid: string) {
  const before = stored('draft-pad:').length;
  const rescue = draftRescue(uid);
  await waitFor(() => expect(stored('draft-pad:').length).toBe(before + 1));
  return rescue;
}

const record = (description: string, savedAt = 1) => ({ version: 1, savedAt, values: { description } });

describe('draft rescue writes', () => {
  afterEach(() => {
    deleteAllRescues();
  });

  it('writes at once, synchronously, and unreadable without the phone key; gives it back once', async () => {
    const rescue = await readyRescue('u-worker');
    const words = 'Brakuje 3 godzin z wtorku — ostatnie słowa';
    expect(rescue.writeNow('u-worker/workhours/missingHours', record(words))).toBe(true);

    const [key] = stored('draft-rescue:');
    expect(key).toBeDefined();
    const written = localStorage.getItem(key ?? '') ?? '';
    expect(written).not.toContain('Brakuje');
    expect(atob(written)).not.toContain('godzin');

    expect(await takeRescuedDrafts('u-worker')).toEqual([
      { draftId: 'u-worker/workhours/missingHours', record: record(words) },
    ]);
    // Taken: neither the write nor its pad stays on the phone.
    expect(stored('draft-rescue:')).toEqual([]);
    expect(await takeRescuedDrafts('u-worker')).toEqual([]);
    rescue.close();
    expect(stored('draft-pad:')).toEqual([]);
  });

  it('uses a pad once: a second write waits for the next pad, which is another one', async () => {
    const rescue = await readyRescue('u-worker');
    expect(rescue.writeNow('u-worker/a/b', record('first'))).toBe(true);
    // No pad is ready at this very moment: nothing is written with the one used.
    expect(rescue.writeNow('u-worker/a/b', record('second'))).toBe(false);
    await waitFor(() => expect(rescue.writeNow('u-worker/a/b', record('third', 2))).toBe(true));
    expect(new Set(stored('draft-rescue:')).size).toBe(2);
    const taken = await takeRescuedDrafts('u-worker');
    expect(
      taken.map((item) => (item.record as { values: { description: string } }).values.description).sort(),
    ).toEqual(['first', 'third']);
    rescue.close();
  });

  it('gives another account nothing, and leaves the write for its owner', async () => {
    const rescue = await readyRescue('u-worker');
    expect(rescue.writeNow('u-worker/a/b', record('mine'))).toBe(true);
    expect(await takeRescuedDrafts('u-worker2')).toEqual([]);
    expect(stored('draft-rescue:')).toHaveLength(1);
    expect(await takeRescuedDrafts('u-worker')).toHaveLength(1);
    rescue.close();
  });

  it('refuses a record larger than its pad, and writes nothing after the form closed', async () => {
    const rescue = await readyRescue('u-worker');
    expect(rescue.writeNow('u-worker/a/b', record('x'.repeat(PAD_BYTES)))).toBe(false);
    rescue.close();
    expect(rescue.writeNow('u-worker/a/b', record('late'))).toBe(false);
    expect(stored('draft-rescue:')).toEqual([]);
    expect(stored('draft-pad:')).toEqual([]);
  });

  it('is deleted with every pad by a sign-out', async () => {
    const rescue = await readyRescue('u-worker');
    expect(rescue.writeNow('u-worker/a/b', record('left behind'))).toBe(true);
    deleteAllRescues();
    expect(stored('draft-rescue:')).toEqual([]);
    expect(stored('draft-pad:')).toEqual([]);
    expect(await takeRescuedDrafts('u-worker')).toEqual([]);
  });
});
