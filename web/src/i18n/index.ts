import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import pl from './pl.json';

export const LANGUAGE_STORAGE_KEY = 'language';

// Polish ships with the app (default and fallback); English and Russian load when chosen.
// Not typed as pl.json: plural keys differ by language (en has no _few/_many), and i18n.test.ts
// checks that every language has every key and the plural forms it needs.
const loaders: Record<Exclude<Language, 'pl'>, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./en.json'),
  ru: () => import('./ru.json'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The saved choice, else Polish. */
export function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

async function loadLanguage(language: Language): Promise<void> {
  if (language === 'pl' || i18n.hasResourceBundle(language, 'translation')) return;
  const module = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', module.default);
}

/**
 * What a language needs beyond the main texts (a screen's own texts, antd's and dayjs's month names)
 * is loaded by a follower: at once for the current language, and for the new one on every later
 * switch, before the switch shows. A follower that failed is asked again on the next switch.
 */
type LanguageFollower = (language: Language) => Promise<void>;
const followers = new Map<string, LanguageFollower>();
const followed = new Set<string>();

async function follow(name: string, follower: LanguageFollower, language: Language): Promise<void> {
  const key = `${name}:${language}`;
  if (followed.has(key)) return;
  await follower(language);
  followed.add(key);
}

/** Loads what `name` needs for the current language now, and for every later language before it shows. */
export function followLanguage(name: string, follower: LanguageFollower): Promise<void> {
  followers.set(name, follower);
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return follow(name, follower, language);
}

/**
 * Texts that only some screens need live in their own files, so they weigh on no other route:
 * a screen loads its bundle before it renders, and every later language switch loads the bundle of
 * the new language too.
 */
export function loadTextBundle(
  name: string,
  loader: (language: Language) => Promise<{ default: Record<string, unknown> }>,
): Promise<void> {
  return followLanguage(`texts:${name}`, async (language) => {
    const module = await loader(language);
    // Deep merge: the bundle adds its own top-level keys beside the main file's.
    i18n.addResourceBundle(language, 'translation', module.default, true, true);
  });
}

/**
 * The bundles of texts some screens need and most do not, one folder each beside the main files
 * (`admin/pl.json`, ...): every language of every bundle is a chunk of its own, loaded by the screens
 * that use it (app/routes.tsx).
 */
const bundleFiles = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

export type TextBundle = 'admin' | 'bug-report' | 'new-ticket' | 'profile' | 'queue' | 'safety';

/** Loads a bundle of texts for the current language (and for every later one) before its screen renders. */
export function loadTexts(bundle: TextBundle): Promise<void> {
  return loadTextBundle(bundle, (language) => {
    const load = bundleFiles[`./${bundle}/${language}.json`];
    if (!load) throw new Error(`No ${language} texts for ${bundle}`);
    return load();
  });
}

void i18n.use(initReactI18next).init({
  resources: { pl: { translation: pl } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = DEFAULT_LANGUAGE;

async function applyLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await Promise.all([...followers].map(([name, follower]) => follow(name, follower, language)));
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** Resolves once the saved language is loaded and active; main.tsx waits for it before rendering. */
export const i18nReady: Promise<void> = applyLanguage(storedLanguage()).catch(() => undefined);

/** Switches the UI language and remembers it in localStorage. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this page only
  }
  await applyLanguage(language);
}

export default i18n;
