import { describe, expect, it } from 'vitest';
import { displayNameOf, emailLocalPart, roleOf } from './identity.js';

describe('roleOf', () => {
  it.each([
    [['admin'], 'admin'],
    [['manager', 'admin'], 'manager'],
    [[undefined, 'foreman'], 'foreman'],
    [['superuser', 'manager_pl'], 'manager_pl'],
    [[null, ''], 'user'],
    [['superuser'], 'user'],
    [['ADMIN'], 'user'],
    [[42, { role: 'admin' }], 'user'],
    [[], 'user'],
  ] as const)('%j -> %s: the first known role, else user', (sources, role) => {
    expect(roleOf(...sources)).toBe(role);
  });
});

describe('displayNameOf', () => {
  it.each([
    [{ names: ['Anna Nowak', 'Anna N.'], email: 'anna@example.com' }, 'Anna Nowak'],
    [{ names: [null, '', '  ', 'Anna N.'], email: 'anna@example.com' }, 'Anna N.'],
    [{ names: [undefined, 42], email: 'anna.nowak@example.com' }, 'anna.nowak'],
    [{ names: [' Jan '], email: null }, 'Jan'],
    [{ names: [], email: '@example.com', fallback: 'uid-1' }, 'uid-1'],
    [{ names: [], email: null, fallback: 'uid-1' }, 'uid-1'],
    [{ names: [], email: undefined }, ''],
  ])('%j -> %s', (sources, name) => {
    expect(displayNameOf(sources)).toBe(name);
  });
});

describe('emailLocalPart', () => {
  it('takes what comes before the @', () => {
    expect(emailLocalPart('jan.kowalski@example.com')).toBe('jan.kowalski');
    expect(emailLocalPart('no-at-sign')).toBe('no-at-sign');
    expect(emailLocalPart('@example.com')).toBeNull();
    expect(emailLocalPart(7)).toBeNull();
  });
});
