// No import cycles in web/src and functions (a module that imports itself through others sees half-made
// values at start-up, and splits the web bundle badly). Checked here from the TypeScript syntax of
// every file in well under a second, rather than by ESLint's import/no-cycle, which took 70 s of the
// 135 s lint. As that rule does, type-only imports are skipped (they leave no trace in the built
// code); a lazy `import()` is skipped too: it runs after both modules have loaded.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './emulators.mjs';

const ROOTS = ['web/src', 'functions/src', 'functions/test', 'functions/testing'];
const DOMAIN = 'functions/src/domain';

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    const file = `${folder}/${name}`;
    if (statSync(path.join(ROOT, file)).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The module specifiers a file imports or re-exports for their values. */
export function valueImportsOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const isTypeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((element) => element.isTypeOnly)));
      if (!isTypeOnly) found.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      !statement.isTypeOnly
    ) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** The repository file an import names, or null for a package. */
function resolve(from: string, specifier: string, known: Set<string>): string | null {
  let base: string;
  if (specifier === '@domain') base = DOMAIN;
  else if (specifier.startsWith('@domain/')) base = `${DOMAIN}/${specifier.slice('@domain/'.length)}`;
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  const stem = base.replace(/\.(?:js|mjs|ts|tsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/** The cycles of a graph (file -> files it imports), each as the files of one strongly connected part. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative enough for a few hundred files.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      const isSelfImport = part.length === 1 && (graph.get(node) ?? []).includes(node);
      if (part.length > 1 || isSelfImport) cycles.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('import cycles', () => {
  it('finds none in web/src and functions', () => {
    const files = ROOTS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(300);
    const known = new Set(files);
    const graph = new Map(
      files.map((file) => [
        file,
        valueImportsOf(file, readFileSync(path.join(ROOT, file), 'utf8'))
          .map((specifier) => resolve(file, specifier, known))
          .filter((target): target is string => target !== null),
      ]),
    );
    // The graph is really read: the web's entry reaches the app through its imports.
    expect(graph.get('web/src/main.tsx')).toContain('web/src/app/app.tsx');
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('catches a cycle and skips what leaves no trace in the built code', () => {
    expect(
      cyclesOf(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', ['a.ts']],
          ['d.ts', ['a.ts']],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    const text = [
      "import type { A } from './a';",
      "import { type B } from './b';",
      "import { type C, d } from './c';",
      "export type { E } from './e';",
      "export { f } from './f';",
      "const g = () => import('./g');",
      "import './h.css';",
    ].join('\n');
    expect(valueImportsOf('x.ts', text)).toEqual(['./c', './f', './h.css']);
  });
});
