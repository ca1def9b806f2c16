import { describe, expect, it } from 'vitest';
import { type AuthAccount, enrichUser } from './enrich';
import type { Profile } from './types';

const ACCOUNT: AuthAccount = { uid: 'uid-1', email: 'anna.nowak@example.com', displayName: 'Anna N.' };

function profile(overrides: Partial<Profile> = {}): Profile {
  return { name: 'Anna Nowak', assignedPermissions: [], revokedPermissions: [], worker: null, ...overrides };
}

describe('enrichUser', () => {
  it('takes the name from the profile first', () => {
    expect(enrichUser(ACCOUNT, 'user', profile()).name).toBe('Anna Nowak');
  });

  it('falls back to the display name without a profile name', () => {
    expect(enrichUser(ACCOUNT, 'user', profile({ name: null })).name).toBe('Anna N.');
    expect(enrichUser(ACCOUNT, 'user', profile({ name: '' })).name).toBe('Anna N.');
    expect(enrichUser(ACCOUNT, 'user', null).name).toBe('Anna N.');
  });

  it('falls back to the part of the e-mail before the @', () => {
    expect(enrichUser({ ...ACCOUNT, displayName: null }, 'user', null).name).toBe('anna.nowak');
    expect(enrichUser({ ...ACCOUNT, displayName: '' }, 'user', profile({ name: null })).name).toBe(
      'anna.nowak',
    );
  });

  it('copes with an account without e-mail', () => {
    const user = enrichUser({ uid: 'uid-2', email: null, displayName: null }, undefined, null);
    expect(user.email).toBe('');
    expect(user.name).toBe('');
  });

  it('counts an account as set up only with a known role claim, which staff set when they make it', () => {
    expect(enrichUser(ACCOUNT, 'user', null).isSetUp).toBe(true);
    expect(enrichUser(ACCOUNT, 'admin', null).isSetUp).toBe(true);
    for (const claim of [undefined, null, '', 'superuser', { role: 'admin' }]) {
      expect(enrichUser(ACCOUNT, claim, profile()).isSetUp).toBe(false);
    }
  });

  it('takes the role from the token claim', () => {
    expect(enrichUser(ACCOUNT, 'manager_pl', null).role).toBe('manager_pl');
    expect(enrichUser(ACCOUNT, 'admin', profile({ role: 'user' })).role).toBe('admin');
  });

  it.each([undefined, null, '', 42, { role: 'admin' }])('defaults the role to user for claim %j', (claim) => {
    expect(enrichUser(ACCOUNT, claim, null).role).toBe('user');
  });

  it('copies uid, e-mail, profile and the permission lists', () => {
    const withPermissions = profile({
      assignedPermissions: ['VIEW_ALL_USER_DATA'],
      revokedPermissions: ['SUBMIT_CAR_TICKETS'],
    });
    expect(enrichUser(ACCOUNT, 'foreman', withPermissions)).toEqual({
      uid: 'uid-1',
      email: 'anna.nowak@example.com',
      name: 'Anna Nowak',
      role: 'foreman',
      isSetUp: true,
      profile: withPermissions,
      assignedPermissions: ['VIEW_ALL_USER_DATA'],
      revokedPermissions: ['SUBMIT_CAR_TICKETS'],
    });
  });

  it('gives empty permission lists without a profile', () => {
    const user = enrichUser(ACCOUNT, 'user', null);
    expect(user.profile).toBeNull();
    expect(user.assignedPermissions).toEqual([]);
    expect(user.revokedPermissions).toEqual([]);
  });
});
