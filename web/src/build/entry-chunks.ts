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

/**
 * Which of the app's own modules go to which chunk:
 *  - `app`: what the entry imports statically. Every page runs it before anything else.
 *  - `signed-in`: what the signed-in shell imports statically that no public page (/login, the e-mail
 *    link page, whatever they open) can load, nor imports anything such a page can. Every signed-in
 *    page runs it after `app`.
 * Only the app's own code (`isAppCode`): a library's or a shared module's unused exports are dropped by
 * the bundler, which a group would keep. Neither set imports a module the other's pages run later, so
 * the chunks load and run in the order the imports say.
 */
export function assignEntryGroups(
  graph: ModuleGraph,
  { entryId, shellId, isAppCode }: { entryId: string; shellId: string; isAppCode: (id: string) => boolean },
): Map<string, EntryGroup> {
  const groups = new Map<string, EntryGroup>();
  const app = reachableFrom(graph, entryId);
  const publicPages = reachableFrom(graph, entryId, { withDynamic: true, stop: new Set([shellId]) });
  for (const id of app) if (isAppCode(id)) groups.set(id, 'app');
  const publicOnly = new Set([...publicPages].filter((id) => !app.has(id)));
  for (const id of reachableFrom(graph, shellId)) {
    if (app.has(id) || publicOnly.has(id) || !isAppCode(id)) continue;
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
        isAppCode: (id) => /[\\/]web[\\/]src[\\/]/.test(id) && !id.includes('?'),
      });
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
