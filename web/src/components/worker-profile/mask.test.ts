import { describe, expect, it } from 'vitest';
import { maskValue } from './mask';

describe('maskValue', () => {
  it('keeps only the last 4 characters of a PESEL', () => {
    expect(maskValue('88031412355')).toBe('•••••••2355');
  });
  it('caps the mask of a long bank account number', () => {
    expect(maskValue('PL32 1140 2004 0000 3102 7856 1234')).toBe('••••••••1234');
  });
  it('hides short values entirely', () => {
    expect(maskValue('1234')).toBe('••••');
    expect(maskValue('12')).toBe('••••');
  });
});
