import { describe, expect, it } from 'vitest';
import { type ModuleGraph, assignEntryGroups, reachableFrom } from './entry-chunks';

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
  it("puts the entry's static imports of app code in the app chunk", () => {
    expect(members('app')).toEqual(['/web/src/app.tsx', '/web/src/i18n.ts', '/web/src/main.tsx']);
  });

  it('puts in the signed-in chunk only what no public page can load, nor imports what one can', () => {
    // button (the login page's) and alert (a dialog the login page may open) stay apart, and so does
    // the shell, which imports them.
    expect(members('signed-in')).toEqual(['/web/src/layout.tsx', '/web/src/sidebar.tsx']);
  });

  it('leaves libraries and lazily loaded screens to the bundler', () => {
    for (const id of [
      'react',
      'antd',
      'icons',
      'firestore',
      '/web/src/ticket-page.tsx',
      '/web/src/login.tsx',
    ]) {
      expect(groups.has(id), id).toBe(false);
    }
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
