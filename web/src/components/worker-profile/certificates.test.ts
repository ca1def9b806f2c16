import { describe, expect, it } from 'vitest';
import { certificateStatus } from './certificates';

const TODAY = '2025-03-14';

describe('certificateStatus', () => {
  it('is expired the day after the expiry date', () => {
    expect(certificateStatus('2025-03-13', TODAY)).toEqual({ status: 'expired', daysLeft: -1 });
  });
  it('is expiring (0 days left) on the expiry date itself', () => {
    expect(certificateStatus('2025-03-14', TODAY)).toEqual({ status: 'expiring', daysLeft: 0 });
  });
  it('is expiring with exactly 30 days left', () => {
    expect(certificateStatus('2025-04-13', TODAY)).toEqual({ status: 'expiring', daysLeft: 30 });
  });
  it('is valid with 31 days left', () => {
    expect(certificateStatus('2025-04-14', TODAY)).toEqual({ status: 'valid', daysLeft: 31 });
  });
  it('counts days across a daylight-saving change and a year end', () => {
    expect(certificateStatus('2025-03-31', '2025-03-29')).toEqual({ status: 'expiring', daysLeft: 2 });
    expect(certificateStatus('2026-01-01', '2025-12-31')).toEqual({ status: 'expiring', daysLeft: 1 });
  });
  it('is missing without an expiry date', () => {
    expect(certificateStatus(undefined, TODAY)).toEqual({ status: 'missing', daysLeft: null });
    expect(certificateStatus('', TODAY)).toEqual({ status: 'missing', daysLeft: null });
  });
  it('treats an unreadable expiry as missing', () => {
    expect(certificateStatus('soon', TODAY)).toEqual({ status: 'missing', daysLeft: null });
    expect(certificateStatus('14.03.2025', TODAY)).toEqual({ status: 'missing', daysLeft: null });
    expect(certificateStatus('2025-02-30', TODAY)).toEqual({ status: 'missing', daysLeft: null });
  });
  it('rejects an invalid today, which would be a caller bug', () => {
    expect(() => certificateStatus('2025-03-14', 'today')).toThrow(RangeError);
  });
});
