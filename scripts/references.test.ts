// The repository explains itself: no comment, test title or document points a reader at something
// they do not have. A path it names (`web/src/...`, `docs/...`, a Markdown link) must exist, and none
// of it sends the reader to an issue number, the product brief or design notes kept elsewhere.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './emulators.mjs';

const TEXT = /\.(ts|tsx|mts|mjs|js|css|html|md|rules|json|yml|yaml|sh)$|^\.ci\/run$/;
/** Files that are data, not prose, or quote other projects. */
const SKIPPED = new Set(['package-lock.json', 'scripts/references.test.ts']);

/** What a clean clone holds: files a machine makes for itself (ignored by git) do not count. */
const inRepository = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(path.join(ROOT, file)));
const repositoryPaths = new Set(
  inRepository.flatMap((file) =>
    file.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/')),
  ),
);
const files = inRepository.filter((file) => TEXT.test(file) && !SKIPPED.has(file));

const TOP_FOLDERS = 'web|functions|scripts|e2e|faults|rules-tests|docs|emulator-data|\\.ci';
/** A path into the repository, as prose names one: starts at a top folder, ends in a file name. */
const REPO_PATH = new RegExp(`(?<![\\w./-])(?:${TOP_FOLDERS})/[\\w./@{}*-]*[\\w*}]`, 'g');
/** What sends a reader away: an issue by its number, the product brief, the design notes. */
const ELSEWHERE = [
  /\bissues? #?\d+/i,
  /\bthe spec\b/i,
  /\bproduct-spec\b/,
  /\b(?:STYLE|ARCHITECTURE|DEVELOPERS)\.md\b/,
  /\.\.\/shared\/(?:spec|design)\b/,
];

/** The paths a text names that are not in the repository (globs and placeholders are skipped). */
function missingPaths(file: string, text: string): string[] {
  const named = [...text.matchAll(REPO_PATH)].map((match) => match[0].replace(/[.]+$/, ''));
  const links = [...text.matchAll(/\]\((?!https?:|#|mailto:)([^)\s#]+)(?:#[^)]*)?\)/g)].map((match) =>
    path.posix.join(path.posix.dirname(file), match[1] ?? ''),
  );
  return [...named, ...links].filter(
    (name) =>
      // A file name (an error code such as `functions/internal` is no path); not a glob, a
      // placeholder, built output or a local settings file made on the machine (`web/.env`,
      // the emulator's `.secret.local`).
      /\/[^/]*\.[^/]+$/.test(name) &&
      !/[*{}<>]/.test(name) &&
      !/\/(?:lib|dist)\//.test(name) &&
      !/\/\.(?:env|secret)(?:\.[\w.-]+)?$/.test(name) &&
      !repositoryPaths.has(path.posix.normalize(name)),
  );
}

describe('references', () => {
  it('finds the files to read', () => {
    expect(files).toContain('README.md');
    expect(files.length).toBeGreaterThan(100);
  });

  it('names no issue number, no product brief and no design notes outside the repository', () => {
    const found = files.flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return text
        .split('\n')
        .flatMap((line, index) =>
          ELSEWHERE.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        );
    });
    expect(found).toEqual([]);
  });

  it('names only paths that exist in the repository', () => {
    const found = files.flatMap((file) =>
      missingPaths(file, readFileSync(path.join(ROOT, file), 'utf8')).map((name) => `${file}: ${name}`),
    );
    expect(found).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    expect(missingPaths('docs/x.md', 'see `functions/src/no-such-file.ts` and [a](no-such.md)')).toEqual([
      'functions/src/no-such-file.ts',
      'docs/no-such.md',
    ]);
    expect(missingPaths('docs/x.md', 'see `functions/src/index.ts` and [a](security.md)')).toEqual([]);
    // The samples are put together here, so that this file itself holds no such reference.
    const samples = [
      ['(issue', '6)'],
      ['see issue', '#12'],
      ['as the', 'spec says'],
      ['ARCHITECTURE', '.md'],
    ];
    for (const line of samples.map(
      ([first, second]) => `${first}${second?.startsWith('.') ? '' : ' '}${second}`,
    )) {
      expect(
        ELSEWHERE.some((pattern) => pattern.test(line)),
        line,
      ).toBe(true);
    }
  });
});
