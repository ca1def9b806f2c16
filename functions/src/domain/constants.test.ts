import { describe, expect, it } from 'vitest';
import * as c from './constants.js';
import { workerProfileSchema } from './worker.js';

describe('business constants (spec section 9)', () => {
  it('match the product constants', () => {
    expect(c.SESSION_TIMEOUT_MS).toBe(900_000);
    expect(c.SESSION_WARNING_MS).toBe(60_000);
    expect(c.SESSION_CHECK_INTERVAL_MS).toBe(1000);
    expect(c.CROSS_TAB_MESSAGE_MAX_AGE_MS).toBe(5000);
    expect(c.PROFILE_CACHE_TTL_MS).toBe(300_000);
    expect(c.NOTICE_DEFAULT_DURATION_MS).toBe(5000);
    expect(c.SW_UPDATE_CHECK_INTERVAL_MS).toBe(3_600_000);
    expect(c.MAX_ID_TOKEN_AGE_FOR_SYNC_MS).toBe(300_000);
    expect(c.SIDEBAR_WIDTH_PX).toBe(260);
    expect(c.SPLASH_MIN_DISPLAY_MS).toBe(1500);
    expect(c.SPLASH_FADE_MS).toBe(600);
    expect(c.MAX_FILE_SIZE_BYTES).toBe(5 * 1024 * 1024);
    expect(c.MAX_FILES).toBe(5);
    expect(c.PASSWORD_MIN_LENGTH).toBe(6);
    expect(c.PRESALARY).toMatchObject({
      MIN_AMOUNT: 100,
      MAX_AMOUNT: 500,
      FEE_RATE: 0.05,
      PROCESSING_WEEKDAYS: [2, 4],
    });
    expect(c.LANGUAGES).toEqual(['pl', 'en', 'ru']);
    expect(c.DEFAULT_LANGUAGE).toBe('pl');
    expect(c.DEFAULT_LOG_LEVEL).toBe('error');
  });
  it('accepts images and PDF only', () => {
    expect(c.ALLOWED_FILE_TYPE_PATTERN.test('image/jpeg')).toBe(true);
    expect(c.ALLOWED_FILE_TYPE_PATTERN.test('image/heic')).toBe(true);
    expect(c.ALLOWED_FILE_TYPE_PATTERN.test('application/pdf')).toBe(true);
    expect(c.ALLOWED_FILE_TYPE_PATTERN.test('application/zip')).toBe(false);
    expect(c.ALLOWED_FILE_TYPE_PATTERN.test('text/html; image/png')).toBe(false);
    expect(c.ALLOWED_FILE_TYPE_PATTERN.test('image/svg+xml')).toBe(false);
  });
});

describe('worker profile schema', () => {
  it('needs id, name and a valid e-mail and normalises the e-mail', () => {
    expect(workerProfileSchema.parse({ id: 'w1', name: 'Jan', email: ' Jan@Example.com ' }).email).toBe(
      'jan@example.com',
    );
    expect(workerProfileSchema.safeParse({ id: 'w1', name: 'Jan', email: 'nope' }).success).toBe(false);
    expect(
      workerProfileSchema.safeParse({ id: 'w1', name: 'Jan', email: 'j@x.pl', ssgExpiry: '31.12.2026' })
        .success,
    ).toBe(false);
  });
});
