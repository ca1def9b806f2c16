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

/** The bundles some screens load themselves (web/src/i18n/<bundle>/<language>.json), beside the main file. */
const BUNDLES = ['admin', 'bug-report', 'new-ticket', 'profile', 'queue', 'safety'];
const isTree = (value) => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const read = (file) => JSON.parse(readFileSync(file, 'utf8'));

function mergeInto(file, texts) {
  writeFileSync(file, `${JSON.stringify(merge(read(file), texts), null, 2)}\n`);
}

/**
 * Takes out of `texts` (into the result) what belongs to `bundle`: a key the bundle has and the main
 * file has not goes there whole; a key both have (a subtree split between them) is looked into.
 */
function takeBundleTexts(texts, bundle, main) {
  const taken = {};
  for (const [key, value] of Object.entries(texts)) {
    if (!isTree(bundle[key])) continue;
    if (!(key in main)) {
      taken[key] = value;
      delete texts[key];
    } else if (isTree(value) && isTree(main[key])) {
      const inner = takeBundleTexts(value, bundle[key], main[key]);
      if (Object.keys(inner).length > 0) taken[key] = inner;
    }
  }
  return taken;
}

const part = read(process.argv[2]);
for (const language of ['pl', 'en', 'ru']) {
  if (!part[language]) throw new Error(`${process.argv[2]} has no "${language}" section`);
  const texts = structuredClone(part[language]);
  const mainFile = path.join(ROOT, 'web', 'src', 'i18n', `${language}.json`);
  for (const bundle of BUNDLES) {
    const bundleFile = path.join(ROOT, 'web', 'src', 'i18n', bundle, `${language}.json`);
    const taken = takeBundleTexts(texts, read(bundleFile), read(mainFile));
    if (Object.keys(taken).length > 0) mergeInto(bundleFile, taken);
  }
  mergeInto(mainFile, texts);
}
console.log(`merged ${process.argv[2]}`);
