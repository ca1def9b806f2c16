// The API reference tells the truth about what the code serves: docs/api.md's callable and HTTP tables
// list exactly what functions/src exports and routes; the README names only documents that exist.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALLABLES } from '../functions/src/domain/callables.js';
import { ROOT } from './emulators.mjs';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const README = read('README.md');
const API = read('docs/api.md');

/** The rows of the docs/api.md table under `heading` (up to the next heading), first cells only. */
function firstCells(heading: string): string[] {
  const start = API.indexOf(heading);
  if (start < 0) throw new Error(`docs/api.md has no "${heading}"`);
  const section = API.slice(start + heading.length).split(/\n#{2,3} /)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1]?.trim() ?? '');
}

describe('docs/api.md and the README', () => {
  it('lists exactly the callables that functions/src/index.ts exports', () => {
    const exported = [...read('functions/src/index.ts').matchAll(/^export const (\w+) = serveCallable\(/gm)]
      .map((match) => match[1])
      .sort();
    const documented = firstCells('### Callable functions')
      .flatMap((cell) => [...cell.matchAll(/`(\w+)`/g)].map((match) => match[1]))
      .sort();
    expect(exported.length).toBeGreaterThan(0);
    expect(documented).toEqual(exported);
  });

  it('functions/src/index.ts serves exactly the callables of the contract table', () => {
    const served = [
      ...read('functions/src/index.ts').matchAll(/^export const (\w+) = serveCallable\(\s*'(\w+)'/gm),
    ];
    for (const match of served) expect(match[2], match[1]).toBe(match[1]);
    expect(served.map((match) => match[1]).sort()).toEqual(Object.keys(CALLABLES).sort());
  });

  it('lists exactly the routes and methods of the /api app', () => {
    const source = read('functions/src/http/app.ts');
    const routesBlock = source.slice(source.indexOf('const routes'), source.indexOf('const router'));
    const served: string[] = [];
    let route = '';
    for (const line of routesBlock.split('\n')) {
      const path = /^ {4}'(\/[^']+)': \{/.exec(line)?.[1];
      if (path) route = path;
      const method = /^ {6}(GET|POST|DELETE|PUT|PATCH):/.exec(line)?.[1];
      if (method) served.push(`${method} /api${route}`);
    }
    const documented = firstCells('## HTTP API').map((cell) => cell.replaceAll('`', ''));
    expect(served.length).toBeGreaterThan(0);
    expect(documented.sort()).toEqual(served.sort());
  });

  it('names only documents that are in the repository', () => {
    const named = [...README.matchAll(/[\w./-]+\.md\b/g)].map((match) => match[0]);
    for (const file of named) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });
});
