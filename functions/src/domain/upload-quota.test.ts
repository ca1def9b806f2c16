import { describe, expect, it } from 'vitest';
import { type CountedUpload, UPLOAD_QUOTA, decideUploadQuota, storedUploads } from './upload-quota.js';

const MINUTE = 60_000;
const MB = 1024 * 1024;
const QUOTA = { files: 3, bytes: 10 * MB, windowMs: 24 * 60 * MINUTE };
const NOW = Date.parse('2026-11-21T08:30:00.000Z');
const upload = (path: string, mb: number, minutesAgo: number): CountedUpload => ({
  path,
  size: mb * MB,
  at: NOW - minutesAgo * MINUTE,
});
const file = (path: string, mb: number) => ({ path, size: mb * MB });

describe('decideUploadQuota', () => {
  it.each([
    ['nothing counted yet', [], [file('a', 1)], [upload('a', 1, 0)]],
    [
      'a day-old upload dropped',
      [upload('old', 9, 24 * 60), upload('b', 1, 10)],
      [file('a', 2)],
      [upload('b', 1, 10), upload('a', 2, 0)],
    ],
    ['a path sent twice in one call counted once', [], [file('a', 1), file('a', 1)], [upload('a', 1, 0)]],
    ['exactly the quota', [upload('b', 4, 30), upload('c', 4, 20)], [file('a', 2)], null],
  ])('lets through and counts: %s', (_name, stored, files, uploads) => {
    const decision = decideUploadQuota(stored, files, QUOTA, NOW);
    expect(decision.isAllowed).toBe(true);
    if (uploads) expect(decision).toEqual({ isAllowed: true, uploads });
    else expect(decision.isAllowed && decision.uploads).toHaveLength(3);
  });

  it('counts nothing new for files already counted (a retry, or the same file attached again)', () => {
    const stored = [upload('a', 4, 30), upload('b', 4, 20), upload('c', 2, 10)];
    expect(decideUploadQuota(stored, [file('a', 4), file('c', 2)], QUOTA, NOW)).toEqual({
      isAllowed: true,
      uploads: null,
    });
  });

  it.each([
    // Three files counted, the oldest 30 minutes ago: a fourth fits when it leaves the day.
    [
      'one file too many',
      [upload('b', 1, 30), upload('c', 1, 20), upload('d', 1, 10)],
      [file('a', 1)],
      24 * 60 - 30,
    ],
    // 9 MB counted: 3 MB more fit only once the 8 MB upload (20 minutes ago) has left, not the older 1 MB.
    ['too many bytes', [upload('b', 1, 30), upload('c', 8, 20)], [file('a', 3)], 24 * 60 - 20],
    // Half a minute before the oldest leaves, the wait reads one minute, not zero.
    ['almost free', [upload('b', 1, 24 * 60 - 0.5), upload('c', 1, 1), upload('d', 1, 1)], [file('a', 1)], 1],
  ])('refuses %s with the minutes until enough uploads leave the window', (_name, stored, files, minutes) => {
    expect(decideUploadQuota(stored, files, QUOTA, NOW)).toEqual({
      isAllowed: false,
      retryAfterMinutes: minutes,
    });
  });

  it('refuses a call larger than the whole quota with a full day', () => {
    expect(decideUploadQuota([], [file('a', 6), file('b', 6)], QUOTA, NOW)).toEqual({
      isAllowed: false,
      retryAfterMinutes: 24 * 60,
    });
  });

  it('holds a full day of tickets at the most files and bytes each', () => {
    expect(UPLOAD_QUOTA.windowMs).toBe(24 * 60 * MINUTE);
    expect(UPLOAD_QUOTA.files).toBeGreaterThanOrEqual(5);
    expect(UPLOAD_QUOTA.bytes).toBeGreaterThanOrEqual(5 * 5 * MB);
  });
});

describe('storedUploads', () => {
  it('keeps well-formed entries and drops the rest', () => {
    expect(
      storedUploads([
        { path: 'a', size: 1, at: 2 },
        { path: 'b', size: '1', at: 2 },
        { path: 'c', size: 1, at: Number.NaN },
        null,
        'x',
      ]),
    ).toEqual([{ path: 'a', size: 1, at: 2 }]);
    expect(storedUploads(undefined)).toEqual([]);
  });
});
