// storage.rules cannot import the domain module, so they repeat its list of attachment types and its
// permission table. The rules themselves are tested under the Storage emulator
// (rules-tests/storage.rules.test.ts, npm run test:emulators); this keeps the copies the same on every
// machine: the type list against ALLOWED_FILE_TYPES, the permission helpers against firestore.rules
// (whose answers rules-tests/firestore-drift.test.ts checks against hasPermission) and the table against
// ROLE_PERMISSIONS.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALLOWED_FILE_TYPES, ALL_ROLES, ROLE_PERMISSIONS } from '../src/domain/index.js';

const read = (name: string) => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8');
const storageRules = read('storage.rules');
const firestoreRules = read('firestore.rules');

/** The body of a rules function, whitespace folded, or '' when the file has none. */
function functionBody(rules: string, name: string): string {
  const start = rules.indexOf(`function ${name}(`);
  if (start < 0) return '';
  let depth = 0;
  for (let i = rules.indexOf('{', start); i < rules.length; i += 1) {
    if (rules[i] === '{') depth += 1;
    if (rules[i] === '}') depth -= 1;
    if (depth === 0) return rules.slice(start, i + 1).replace(/\s+/g, ' ');
  }
  return '';
}

/** rolesWith's table as permission -> roles. */
function rolesTable(rules: string): Record<string, string[]> {
  const body = functionBody(rules, 'rolesWith');
  return Object.fromEntries(
    [...body.matchAll(/'([A-Z_]+)': \[([^\]]*)\]/g)].map(([, permission, roles]) => [
      permission,
      [...(roles ?? '').matchAll(/'([^']*)'/g)].map((match) => match[1]),
    ]),
  );
}

describe('storage.rules attachment types', () => {
  it('allow exactly the domain’s ALLOWED_FILE_TYPES, and so never SVG', () => {
    const body = /function allowedTypes\(\) \{\s*return \[([^\]]*)\];/.exec(storageRules)?.[1] ?? '';
    const types = [...body.matchAll(/'([^']*)'/g)].map((match) => match[1]);
    expect(types).toEqual([...ALLOWED_FILE_TYPES]);
    expect(types).not.toContain('image/svg+xml');
  });

  it('check every upload against that list and nothing looser', () => {
    expect(storageRules).toContain('request.resource.contentType in allowedTypes()');
    expect(storageRules).not.toMatch(/contentType\.matches\(/);
  });
});

describe('storage.rules permissions', () => {
  it.each(['isStaffMade', 'roleOf', 'isActive', 'rolesWith', 'hasPermission', 'seesAllTickets'])(
    'decide %s exactly as firestore.rules do',
    (name) => {
      const body = functionBody(storageRules, name);
      expect(body).not.toBe('');
      expect(body).toBe(functionBody(firestoreRules, name));
    },
  );

  it('give power only to a record with one of the domain’s roles, in both files', () => {
    for (const rules of [storageRules, firestoreRules]) {
      const body =
        /user\.get\('role', null\) in \[([^\]]*)\]/.exec(functionBody(rules, 'isStaffMade'))?.[1] ?? '';
      expect([...body.matchAll(/'([^']*)'/g)].map((match) => match[1])).toEqual([...ALL_ROLES]);
      expect(functionBody(rules, 'isActive')).toContain('isStaffMade(user)');
    }
  });

  it('hold the roles of ROLE_PERMISSIONS for every permission they check, in both files', () => {
    for (const rules of [storageRules, firestoreRules]) {
      const table = rolesTable(rules);
      expect(Object.keys(table).sort()).toEqual([
        'HANDLE_SAFETY_REPORTS',
        'PROCESS_TICKETS',
        'VIEW_ALL_USER_DATA',
      ]);
      for (const [permission, roles] of Object.entries(table)) {
        expect(roles).toEqual([...ROLE_PERMISSIONS[permission as keyof typeof ROLE_PERMISSIONS]]);
      }
    }
  });

  it('read the caller’s users/{uid} record from Firestore and never decide by the role claim alone', () => {
    const record = functionBody(storageRules, 'callerRecord');
    expect(record).toContain('let path = /databases/(default)/documents/users/$(request.auth.uid);');
    expect(record).toContain('firestore.exists(path) ? firestore.get(path).data : {}');
    expect(storageRules).not.toMatch(/role\(\) in \[/);
    expect(storageRules).not.toContain('isTicketStaff');
  });

  it('check the record on every staff path: reads of ticket and reply files, reply uploads', () => {
    const block = (path: string) => {
      const start = storageRules.indexOf(`match ${path} {`);
      return start < 0 ? '' : storageRules.slice(start, storageRules.indexOf('\n    }', start));
    };
    expect(block('/tickets/{uid}/{ticketId}/{fileName}')).toContain(
      'allow read: if canReadTicketFiles(uid);',
    );
    const replies = block('/ticket-updates/{ownerUid}/{ticketId}/{fileName}');
    expect(replies).toContain('allow read: if canReadTicketFiles(ownerUid);');
    expect(replies).toContain('allow create: if canProcessTickets() && isNewFile() && isAllowedFile();');
  });
});
