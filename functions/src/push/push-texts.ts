import { readFileSync } from 'node:fs';
import type { PushTexts } from '../domain/push.js';

/**
 * The push texts in every language, as scripts/push-texts.mjs wrote them beside the built
 * functions (lib/push-texts.json) from the web's translation files. Read on the first push only.
 */
let cached: PushTexts | undefined;

export function loadPushTexts(): PushTexts {
  cached ??= JSON.parse(readFileSync(new URL('../push-texts.json', import.meta.url), 'utf8')) as PushTexts;
  return cached;
}
