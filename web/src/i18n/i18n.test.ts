import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import adminEn from './admin/en.json';
import adminPl from './admin/pl.json';
import adminRu from './admin/ru.json';
import en from './en.json';
import pl from './pl.json';
import ru from './ru.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

// Each language is its main file plus the bundles screens load themselves (the admin texts).
const languages = {
  pl: { ...flatten(pl as Tree), ...flatten(adminPl as Tree) },
  en: { ...flatten(en as Tree), ...flatten(adminEn as Tree) },
  ru: { ...flatten(ru as Tree), ...flatten(adminRu as Tree) },
};
const allKeys = [...new Set(Object.values(languages).flatMap((l) => Object.keys(l)))].sort();
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('keeps the admin texts out of the main files, which every route loads', () => {
    // Read from disk: i18next merges loaded bundles into the imported objects.
    const mainFileKeys = ['pl', 'en', 'ru'].map((language) =>
      Object.keys(JSON.parse(readFileSync(path.join(__dirname, `${language}.json`), 'utf8')) as Tree),
    );
    expect(Object.keys(adminPl)).toEqual(['admin']);
    for (const keys of mainFileKeys) expect(keys).not.toContain('admin');
  });
  it.each(Object.entries(languages))('%s has every key', (_language, keys) => {
    expect(allKeys.filter((key) => !(key in keys))).toEqual([]);
  });
  it.each(Object.entries(languages))('%s has no empty text', (_language, keys) => {
    expect(
      Object.entries(keys)
        .filter(([, text]) => text.trim() === '')
        .map(([key]) => key),
    ).toEqual([]);
  });
  it('uses the same placeholders in every language', () => {
    for (const key of allKeys) {
      const expected = placeholders(languages.en[key] ?? '');
      expect(placeholders(languages.pl[key] ?? ''), `pl ${key}`).toEqual(expected);
      expect(placeholders(languages.ru[key] ?? ''), `ru ${key}`).toEqual(expected);
    }
  });
});
