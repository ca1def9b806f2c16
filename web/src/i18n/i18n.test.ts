import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
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

// Read from disk: i18next merges loaded bundles into the imported objects.
const readTree = (file: string) => JSON.parse(readFileSync(path.join(__dirname, file), 'utf8')) as Tree;
/** The bundles some screens load themselves, one folder each (admin/, bug-report/, new-ticket/, profile/, queue/, safety/). */
const BUNDLES = readdirSync(__dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const bundleKeys = (language: string) =>
  BUNDLES.map((bundle) => flatten(readTree(`${bundle}/${language}.json`)));

// Each language is its main file plus the bundles.
const languages = {
  pl: Object.assign(flatten(pl as Tree), ...bundleKeys('pl')) as Record<string, string>,
  en: Object.assign(flatten(en as Tree), ...bundleKeys('en')) as Record<string, string>,
  ru: Object.assign(flatten(ru as Tree), ...bundleKeys('ru')) as Record<string, string>,
};
type LanguageCode = keyof typeof languages;

// Plural texts are one key per form (`total_one`, `total_few`, ...), which i18next picks by the
// `count` option and the language's CLDR rules. Each language needs its own forms; English also carries
// copies of the Polish and Russian forms (never picked), so every file has every key; `_zero` may be added
// for a different text at 0.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLURAL_FORMS: Record<LanguageCode, readonly string[]> = {
  pl: ['one', 'few', 'many', 'other'],
  ru: ['one', 'few', 'many', 'other'],
  en: ['one', 'other'],
};
/** The key without its plural suffix, and the form (undefined for a plain text). */
const splitKey = (key: string): [string, string | undefined] => {
  const match = PLURAL_SUFFIX.exec(key);
  return match ? [key.slice(0, match.index), match[1]] : [key, undefined];
};
const formsOf = (keys: Record<string, string>, base: string) =>
  Object.keys(keys)
    .map(splitKey)
    .filter(([keyBase, form]) => keyBase === base && form)
    .map(([, form]) => form);

const allKeys = [...new Set(Object.values(languages).flatMap((l) => Object.keys(l)))].sort();
const allBaseKeys = [...new Set(allKeys.map((key) => splitKey(key)[0]))].sort();
const pluralBaseKeys = [...new Set(allKeys.flatMap((key) => (splitKey(key)[1] ? [splitKey(key)[0]] : [])))];
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it("keeps the bundles' texts out of the main files, which every route loads", () => {
    expect(BUNDLES.sort()).toEqual(['admin', 'bug-report', 'new-ticket', 'profile', 'queue', 'safety']);
    expect(Object.keys(readTree('admin/pl.json'))).toEqual(['admin']);
    for (const language of ['pl', 'en', 'ru']) {
      const main = flatten(readTree(`${language}.json`));
      for (const keys of bundleKeys(language)) {
        expect(Object.keys(keys).filter((key) => key in main)).toEqual([]);
      }
      expect(Object.keys(main).some((key) => key.startsWith('admin.'))).toBe(false);
    }
  });
  it.each(Object.entries(languages))('%s has every key', (_language, keys) => {
    const present = new Set(Object.keys(keys).map((key) => splitKey(key)[0]));
    expect(allBaseKeys.filter((key) => !present.has(key))).toEqual([]);
  });
  it('knows the plural forms i18next picks for each language', () => {
    for (const [language, forms] of Object.entries(PLURAL_FORMS)) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      expect([...categories].sort(), language).toEqual([...forms].sort());
    }
  });
  const ANY_FORM = [...new Set(Object.values(PLURAL_FORMS).flat())];
  it.each(Object.entries(languages))(
    '%s has the plural forms it needs, and no unknown ones',
    (language, keys) => {
      const needed = PLURAL_FORMS[language as LanguageCode];
      for (const base of pluralBaseKeys) {
        const forms = formsOf(keys, base);
        expect(base in keys, `${language} ${base} is plural elsewhere`).toBe(false);
        expect(
          needed.filter((form) => !forms.includes(form)),
          `${language} ${base} lacks`,
        ).toEqual([]);
        expect(
          forms.filter((form) => form !== 'zero' && !ANY_FORM.includes(form ?? '')),
          `${language} ${base} has forms no language uses`,
        ).toEqual([]);
      }
    },
  );
  it.each(Object.entries(languages))('%s has no empty text', (_language, keys) => {
    expect(
      Object.entries(keys)
        .filter(([, text]) => text.trim() === '')
        .map(([key]) => key),
    ).toEqual([]);
  });
  it('uses the same placeholders in every language', () => {
    for (const key of allKeys.filter((k) => !splitKey(k)[1])) {
      const expected = placeholders(languages.en[key] ?? '');
      expect(placeholders(languages.pl[key] ?? ''), `pl ${key}`).toEqual(expected);
      expect(placeholders(languages.ru[key] ?? ''), `ru ${key}`).toEqual(expected);
    }
  });
  it('shows the number in every plural form that stands for several numbers', () => {
    // `_zero`, and `_one` where it means exactly 1 (pl, en), may spell it out; Russian `_one`
    // also stands for 21, 31, 101...
    const isOneOnly1 = (language: string) =>
      ![21, 31, 101].some((n) => new Intl.PluralRules(language).select(n) === 'one');
    const withoutCount = (text: string) => placeholders(text).filter((name) => name !== 'count');
    for (const base of pluralBaseKeys) {
      const expected = withoutCount(languages.en[`${base}_other`] ?? '');
      for (const [language, keys] of Object.entries(languages)) {
        for (const form of formsOf(keys, base)) {
          const text = keys[`${base}_${form}`] ?? '';
          expect(withoutCount(text), `${language} ${base}_${form}`).toEqual(expected);
          if (form !== 'zero' && !(form === 'one' && isOneOnly1(language))) {
            expect(placeholders(text), `${language} ${base}_${form}`).toContain('count');
          }
        }
      }
    }
  });
  it('calls a permission "разрешение" throughout the Russian texts', () => {
    const pravo = /(?<![а-яё])прав(о|а|у|ом|е|ами|ах|ам)?(?![а-яё])/iu;
    expect(
      Object.entries(languages.ru)
        .filter(([, text]) => pravo.test(text))
        .map(([key]) => key),
    ).toEqual([]);
    for (const [key, text] of Object.entries(languages.en)) {
      // Placeholders and flag names (ACCESS_DEBUG_TOOLS) are not prose.
      const prose = text.replace(/\{\{\w+\}\}/g, '').replace(/\b[A-Z_]{4,}\b/g, '');
      if (/\bpermissions?\b/i.test(prose)) expect(languages.ru[key], `ru ${key}`).toMatch(/разрешени/iu);
    }
  });
});
