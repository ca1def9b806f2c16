import type { Plugin } from 'vite';

export type ModuleGraph = {
  getModuleIds: () => Iterable<string>;
  getModuleInfo: (
    id: string,
  ) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

/** Every module `start` reaches through static imports (and dynamic ones too with `withDynamic`), not past `stop`. */
export function reachableFrom(
  graph: ModuleGraph,
  start: string,
  {
    withDynamic = false,
    stop = new Set<string>(),
  }: { withDynamic?: boolean; stop?: ReadonlySet<string> } = {},
): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || stop.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    queue.push(...info.importedIds);
    if (withDynamic) queue.push(...info.dynamicallyImportedIds);
  }
  return seen;
}

export type EntryGroup = 'app' | 'signed-in';

/** A chain of chunks that import each other statically (`a.js → b.js → a.js`), or null when there is none. */
export function findChunkCycle(imports: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (chunk: string): string[] | null => {
    if (state.get(chunk) === 'done') return null;
    if (state.get(chunk) === 'visiting') return [...path.slice(path.indexOf(chunk)), chunk];
    state.set(chunk, 'visiting');
    path.push(chunk);
    for (const next of imports.get(chunk) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(chunk, 'done');
    return null;
  };
  for (const chunk of imports.keys()) {
    const cycle = visit(chunk);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Which of the app's own modules go to which chunk:
 *  - `app`: what the entry imports statically. Every page runs it before anything else.
 *  - `signed-in`: what the signed-in shell imports statically that no public page (/login, the e-mail
 *    link page, whatever they open) can load, nor imports anything such a page can. Every signed-in
 *    page runs it after `app`.
 * The app's own code (`isAppCode`), and the libraries that only one group's modules import (left to
 * itself the bundler would put those in the importing entry's chunk, which imports the group: two
 * chunks importing each other run in an order their code does not expect). Other libraries stay where
 * the bundler puts them: a group would keep code of theirs that no page uses. `entryChunks` fails the
 * build if chunks still import each other.
 */
export function assignEntryGroups(
  graph: ModuleGraph,
  { entryId, shellId, isAppCode }: { entryId: string; shellId: string; isAppCode: (id: string) => boolean },
): Map<string, EntryGroup> {
  const groups = new Map<string, EntryGroup>();
  const ids = [...graph.getModuleIds()];
  const dynamicRoots = new Set(ids.flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
  /** What the lazily loaded parts other than `except` import statically. */
  const loadedLazily = (except: string) => {
    const reached = new Set<string>();
    for (const root of dynamicRoots) {
      if (root !== except) for (const id of reachableFrom(graph, root)) reached.add(id);
    }
    return reached;
  };
  const app = reachableFrom(graph, entryId);
  const publicPages = reachableFrom(graph, entryId, { withDynamic: true, stop: new Set([shellId]) });
  const publicOnly = new Set([...publicPages].filter((id) => !app.has(id)));
  // The app's own code, and any module only the entry's imports use (a library the bundler would
  // otherwise put in the entry's chunk, which imports this group: two chunks importing each other).
  const lazilyBesidesNothing = loadedLazily('');
  for (const id of app) if (isAppCode(id) || !lazilyBesidesNothing.has(id)) groups.set(id, 'app');
  const lazilyBesidesShell = loadedLazily(shellId);
  for (const id of reachableFrom(graph, shellId)) {
    if (app.has(id) || publicOnly.has(id)) continue;
    if (!isAppCode(id)) {
      // A library only the shell's imports use goes with them, for the same reason.
      if (!lazilyBesidesShell.has(id)) groups.set(id, 'signed-in');
      continue;
    }
    // Nor a module that imports one the public pages share: with those in the group, the built shell
    // failed to render (a component imported from another chunk was undefined), found by loading it.
    const imports = reachableFrom(graph, id);
    if ([...imports].every((dependency) => !publicOnly.has(dependency))) groups.set(id, 'signed-in');
  }
  return groups;
}

/**
 * Two chunks in place of dozens of small ones, with no code added to any page: `assignEntryGroups`'s
 * `app` and `signed-in`. Left to itself the bundler cut that code into some 40 files of under 1 KB,
 * which gzip compresses one by one: about 8 KB gzip more on every signed-in page and 4.5 KB more on
 * /login (measured with `npm run bench`).
 */
export function entryChunks({ entry, shell }: { entry: RegExp; shell: RegExp }): {
  plugin: Plugin;
  groups: {
    name: EntryGroup;
    test: (id: string) => boolean;
    priority: number;
    includeDependenciesRecursively: boolean;
  }[];
} {
  let groupOf = new Map<string, EntryGroup>();
  const plugin: Plugin = {
    name: 'entry-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entryId = ids.find((id) => entry.test(id));
      const shellId = ids.find((id) => shell.test(id));
      if (!entryId || !shellId)
        throw new Error('entry-chunks: the app entry or the signed-in shell is missing');
      groupOf = assignEntryGroups(this, {
        entryId,
        shellId,
        // With the query too (`app.css?inline`): main.tsx in the group and the styles it imports left
        // in the entry's chunk made two chunks import each other, and the styles read as undefined.
        isAppCode: (id) => /[\\/]web[\\/]src[\\/]/.test(id),
      });
    },
    // Chunks that import each other run in an order their code does not expect (a value read before
    // its chunk ran): such a build fails here rather than in a browser.
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') imports.set(fileName, output.imports);
      }
      const cycle = findChunkCycle(imports);
      if (cycle) this.error(`entry-chunks: chunks import each other: ${cycle.join(' → ')}`);
    },
  };
  // Each set names its modules one by one: taking their libraries along (the bundler's default) would
  // put React into the signed-in chunk.
  const groups = (['app', 'signed-in'] as const).map((name, index) => ({
    name,
    test: (id: string) => groupOf.get(id) === name,
    priority: 2 - index,
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}
