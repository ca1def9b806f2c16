import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALLABLES, type CallableName } from '../callables.js';

const camelCase = (kebab: string) => kebab.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The contract files of this folder (not the shared contract.ts, not tests), without `.ts`. */
const contractFiles = readdirSync(new URL('./', import.meta.url))
  .filter((name) => name.endsWith('.ts') && name !== 'contract.ts' && !name.endsWith('.test.ts'))
  .map((name) => name.slice(0, -'.ts'.length));

const callableNames = Object.keys(CALLABLES).sort();

describe('the callable contracts', () => {
  it('are one file per callable of CALLABLES, named after it', () => {
    expect(contractFiles.map(camelCase).sort()).toEqual(callableNames);
  });

  it('each export the contract CALLABLES holds, under the callable name', async () => {
    for (const file of contractFiles) {
      const name = camelCase(file) as CallableName;
      const specifier = `./${file}.js`;
      const module = (await import(/* @vite-ignore */ specifier)) as Record<string, unknown>;
      expect(module[name], file).toBe(CALLABLES[name]);
    }
  });

  it('cover exactly the callables functions/src/index.ts serves', () => {
    const index = readFileSync(new URL('../../index.ts', import.meta.url), 'utf8');
    const served = [...index.matchAll(/^export const (\w+) = serveCallable\(/gm)].map((match) => match[1]);
    expect(served.length).toBeGreaterThan(0);
    expect(served.sort()).toEqual(callableNames);
  });
});
