import { describe, expect, it } from 'vitest';
import { type ModuleGraph, assignEntryGroups, findChunkCycle, reachableFrom } from './entry-chunks';

/** A module graph from `id: [static imports] | [static imports, dynamic imports]`. */
function graphOf(modules: Record<string, [string[]] | [string[], string[]]>): ModuleGraph {
  return {
    getModuleIds: () => Object.keys(modules),
    getModuleInfo: (id) => {
      const entry = modules[id];
      return entry ? { importedIds: entry[0], dynamicallyImportedIds: entry[1] ?? [] } : null;
    },
  };
}

// /web/src/main.tsx loads app.tsx, which opens the login page or the shell (both lazy).
const graph = graphOf({
  '/web/src/main.tsx': [['/web/src/app.tsx', 'react']],
  '/web/src/app.tsx': [
    ['/web/src/i18n.ts', 'react'],
    ['/web/src/login.tsx', '/web/src/shell.tsx'],
  ],
  '/web/src/i18n.ts': [['i18next']],
  '/web/src/login.tsx': [['/web/src/button.tsx', 'react'], ['/web/src/forgot.tsx']],
  '/web/src/forgot.tsx': [['/web/src/alert.tsx']],
  '/web/src/shell.tsx': [
    ['/web/src/layout.tsx', '/web/src/button.tsx', '/web/src/alert.tsx', '/web/src/i18n.ts', 'antd'],
    ['/web/src/ticket-page.tsx'],
  ],
  '/web/src/layout.tsx': [['/web/src/sidebar.tsx', 'react']],
  '/web/src/sidebar.tsx': [['icons']],
  '/web/src/ticket-page.tsx': [['firestore', '/web/src/layout.tsx']],
  react: [[]],
  i18next: [[]],
  antd: [['react']],
  icons: [[]],
  firestore: [[]],
});
const groups = assignEntryGroups(graph, {
  entryId: '/web/src/main.tsx',
  shellId: '/web/src/shell.tsx',
  isAppCode: (id) => id.startsWith('/web/src/'),
});
const members = (group: string) =>
  [...groups]
    .filter(([, name]) => name === group)
    .map(([id]) => id)
    .sort();

describe('assignEntryGroups', () => {
  it("puts the entry's static imports of app code in the app chunk, with the libraries only they use", () => {
    // i18next is imported by the shell's modules too: the bundler's to place.
    expect(members('app')).toEqual(['/web/src/app.tsx', '/web/src/i18n.ts', '/web/src/main.tsx']);
  });

  it('puts in the signed-in chunk only what no public page can load, nor imports what one can', () => {
    // button (the login page's) and alert (a dialog the login page may open) stay apart, and so does
    // the shell, which imports them; antd, which only the shell's modules use, goes with them (the
    // icons do not: the ticket page's own imports reach them too).
    expect(members('signed-in')).toEqual(['/web/src/layout.tsx', '/web/src/sidebar.tsx', 'antd']);
  });

  it('leaves shared libraries and lazily loaded screens to the bundler', () => {
    for (const id of ['react', 'icons', 'firestore', '/web/src/ticket-page.tsx', '/web/src/login.tsx']) {
      expect(groups.has(id), id).toBe(false);
    }
  });
});

describe('findChunkCycle', () => {
  it('names the chunks that import each other, and nothing when none do', () => {
    const chunks = new Map([
      ['index.js', ['app.js']],
      ['app.js', ['react.js', 'index.js']],
      ['react.js', []],
    ]);
    expect(findChunkCycle(chunks)).toEqual(['index.js', 'app.js', 'index.js']);
    chunks.set('app.js', ['react.js']);
    expect(findChunkCycle(chunks)).toBeNull();
  });
});

describe('reachableFrom', () => {
  it('follows static imports, dynamic ones only when asked, and never past a stop', () => {
    expect(reachableFrom(graph, '/web/src/app.tsx')).toEqual(
      new Set(['/web/src/app.tsx', '/web/src/i18n.ts', 'react', 'i18next']),
    );
    const withDynamic = reachableFrom(graph, '/web/src/app.tsx', {
      withDynamic: true,
      stop: new Set(['/web/src/shell.tsx']),
    });
    expect(withDynamic.has('/web/src/alert.tsx')).toBe(true);
    expect(withDynamic.has('/web/src/layout.tsx')).toBe(false);
  });
});
