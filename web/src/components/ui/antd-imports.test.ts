import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The lint rule says the same (eslint.config.js, no-restricted-imports); this keeps it true even
// if the rule's file globs drift.
const SRC = path.resolve(__dirname, '../..');
const KIT = __dirname;
const THEME_PROVIDER = new Set([path.join(SRC, 'lib/antd-provider.tsx'), path.join(SRC, 'lib/theme.ts')]);
const ANTD_IMPORT = /from\s+'(?:antd|antd\/[^']*|@ant-design\/[^']*)'|import\(\s*'(?:antd|@ant-design\/)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the UI kit', () => {
  it('is the only place outside the theme provider that imports antd', () => {
    const outside = sourceFiles(SRC)
      .filter((file) => !file.startsWith(KIT + path.sep) && !THEME_PROVIDER.has(file))
      .filter((file) => ANTD_IMPORT.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(outside).toStrictEqual([]);
  });
});
