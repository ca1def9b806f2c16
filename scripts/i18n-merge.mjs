// Merges a translation part { "pl": {...}, "en": {...}, "ru": {...} } into web/src/i18n/{pl,en,ru}.json.
// Usage: node scripts/i18n-merge.mjs <part.json>  (handy when several people add keys at once)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './emulators.mjs';

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

/** Top-level keys that live in their own bundle (web/src/i18n/<bundle>/<language>.json), not the main file. */
const BUNDLES = ['admin'];

function mergeInto(file, texts) {
  const merged = merge(JSON.parse(readFileSync(file, 'utf8')), texts);
  writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
}

const part = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const language of ['pl', 'en', 'ru']) {
  if (!part[language]) throw new Error(`${process.argv[2]} has no "${language}" section`);
  const main = { ...part[language] };
  for (const bundle of BUNDLES) {
    if (!(bundle in main)) continue;
    mergeInto(path.join(ROOT, 'web', 'src', 'i18n', bundle, `${language}.json`), { [bundle]: main[bundle] });
    delete main[bundle];
  }
  mergeInto(path.join(ROOT, 'web', 'src', 'i18n', `${language}.json`), main);
}
console.log(`merged ${process.argv[2]}`);
