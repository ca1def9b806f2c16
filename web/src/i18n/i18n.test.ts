import { describe, expect, it } from 'vitest';
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

const languages = { pl: flatten(pl as Tree), en: flatten(en as Tree), ru: flatten(ru as Tree) };
const allKeys = [...new Set(Object.values(languages).flatMap((l) => Object.keys(l)))].sort();
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
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
