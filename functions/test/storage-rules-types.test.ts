// storage.rules cannot import the domain module, so they repeat its list of attachment types. The
// rules themselves are tested under the Storage emulator (rules-tests/storage.rules.test.ts, npm
// run test:emulators); this keeps the two lists the same on every machine.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALLOWED_FILE_TYPES } from '../src/domain/index.js';

const rules = readFileSync(new URL('../../storage.rules', import.meta.url), 'utf8');

describe('storage.rules attachment types', () => {
  it('allow exactly the domain’s ALLOWED_FILE_TYPES, and so never SVG', () => {
    const body = /function allowedTypes\(\) \{\s*return \[([^\]]*)\];/.exec(rules)?.[1] ?? '';
    const types = [...body.matchAll(/'([^']*)'/g)].map((match) => match[1]);
    expect(types).toEqual([...ALLOWED_FILE_TYPES]);
    expect(types).not.toContain('image/svg+xml');
  });

  it('check every upload against that list and nothing looser', () => {
    expect(rules).toContain('request.resource.contentType in allowedTypes()');
    expect(rules).not.toMatch(/contentType\.matches\(/);
  });
});
