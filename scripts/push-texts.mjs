// Part of the functions' build (`npm run build -w functions`, after tsc): the web push texts come from the
// web's own translation files (web/src/i18n/{pl,en,ru}.json), written beside the built functions as
// functions/lib/push-texts.json, so the functions deploy them and no string is kept twice. The picking
// is the domain's extractPushTexts (built just before), which fails the build when a text is missing.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const { extractPushTexts } = await import(new URL('functions/lib/domain/push.js', root).href);
const { LANGUAGES } = await import(new URL('functions/lib/domain/constants.js', root).href);

const texts = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    extractPushTexts(JSON.parse(readFileSync(new URL(`web/src/i18n/${language}.json`, root), 'utf8'))),
  ]),
);
const target = new URL('functions/lib/push-texts.json', root);
writeFileSync(target, `${JSON.stringify(texts, null, 2)}\n`);
console.log(`push texts: ${fileURLToPath(target)}`);
