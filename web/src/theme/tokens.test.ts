import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { renderTokensCss } from './tokens';

const SRC = path.resolve(__dirname, '..');
const TOKENS_CSS = path.join(__dirname, 'tokens.css');
/** The only files that may spell out a colour. */
const TOKEN_FILES = new Set([path.join(__dirname, 'tokens.ts'), TOKENS_CSS]);
const COLOUR_LITERAL = /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(css|tsx?)$/.test(name) ? [file] : [];
  });
}

/** Colour literals outside the token files, as `file:line: literal`. */
function colourLiterals(): string[] {
  return sourceFiles(SRC)
    .filter((file) => !TOKEN_FILES.has(file) && !/\.test\.tsx?$/.test(file))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          [...line.matchAll(COLOUR_LITERAL)].map(
            (match) => `${path.relative(SRC, file)}:${index + 1}: ${match[0]}`,
          ),
        ),
    );
}

describe('design tokens', () => {
  it('tokens.css is generated from tokens.ts', async () => {
    const options = await prettier.resolveConfig(TOKENS_CSS);
    const expected = await prettier.format(renderTokensCss(), { ...options, filepath: TOKENS_CSS });
    if (process.env.WRITE_TOKENS) writeFileSync(TOKENS_CSS, expected);
    expect(readFileSync(TOKENS_CSS, 'utf8')).toBe(expected);
  });

  it('no colour literal appears outside the token files', () => {
    expect(colourLiterals()).toEqual([]);
  });
});
