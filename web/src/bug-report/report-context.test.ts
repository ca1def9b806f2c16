import { describe, expect, it } from 'vitest';
import { initialPage } from './report-context';

const ORIGIN = 'https://tickets.example.com';

describe('initialPage', () => {
  it('takes the router state’s from first', () => {
    expect(initialPage({ from: '/ticket-history?status=new' }, `${ORIGIN}/profile`, ORIGIN)).toBe(
      '/ticket-history?status=new',
    );
  });

  it('falls back to a same-origin referrer’s path, query and hash', () => {
    expect(initialPage(null, `${ORIGIN}/ticket/abc?x=1#log`, ORIGIN)).toBe('/ticket/abc?x=1#log');
    expect(initialPage({ from: 42 }, `${ORIGIN}/profile`, ORIGIN)).toBe('/profile');
  });

  it('ignores a referrer from another site and a from that is not an app path', () => {
    expect(initialPage(undefined, 'https://evil.example.org/profile', ORIGIN)).toBe('');
    expect(initialPage({ from: 'https://evil.example.org/x' }, '', ORIGIN)).toBe('');
  });

  it('is empty without state or referrer, and for a malformed referrer', () => {
    expect(initialPage(undefined, '', ORIGIN)).toBe('');
    expect(initialPage(undefined, 'not a url', ORIGIN)).toBe('');
  });

  it('cuts a long path to the schema’s 300 characters', () => {
    const long = `/ticket-history?q=${'x'.repeat(400)}`;
    expect(initialPage({ from: long }, '', ORIGIN)).toHaveLength(300);
    expect(initialPage(undefined, `${ORIGIN}${long}`, ORIGIN)).toHaveLength(300);
  });
});
