import { DEFAULT_LANGUAGE, type Language } from '@domain';
import { ConfigProvider, type ThemeConfig, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { followLanguage, isLanguage } from '../i18n';
import { type TokenName, tokenPx, tokenValue } from '../theme/tokens';
import { PRIMARY_COLOR, type ThemeMode, useThemeMode } from './theme';

// antd's texts (its empty lists, pickers, dialogs) and dayjs's month names, of the language shown only:
// each language is its own small chunk, loaded with the signed-in screens and on a language switch.
const LOCALE_LOADERS: Record<Language, () => Promise<Locale>> = {
  pl: () =>
    Promise.all([import('antd/es/locale/pl_PL'), import('dayjs/locale/pl')]).then(([antd]) => antd.default),
  en: () => import('antd/es/locale/en_US').then((antd) => antd.default),
  ru: () =>
    Promise.all([import('antd/es/locale/ru_RU'), import('dayjs/locale/ru')]).then(([antd]) => antd.default),
};
const antdLocales = new Map<Language, Locale>();

/**
 * Resolves once the current language's antd and dayjs texts are in. Every lazily loaded part that
 * renders AntdProvider waits for it in its loader (`whenAntdReady`), so no antd text shows in English
 * first; later switches load theirs before they show (followLanguage).
 */
const loadAntdLocale = () =>
  followLanguage('antd', async (language) => {
    antdLocales.set(language, await LOCALE_LOADERS[language]());
  });
let antdLocaleReady = loadAntdLocale();
// A failure waits for the next caller (below); it is not an unhandled rejection meanwhile.
antdLocaleReady.catch(() => undefined);

/**
 * `value` once this language's antd and dayjs texts are loaded: for the loaders of lazy parts. A load
 * that failed (its chunk not reachable yet) is tried again by the next caller, not kept for the page's
 * life.
 */
export function whenAntdReady<T>(value: T): Promise<T> {
  antdLocaleReady = antdLocaleReady.catch(() => loadAntdLocale());
  return antdLocaleReady.then(() => value);
}

/**
 * The craftsman look: brick red, sturdy corners, a warm paper background, a workshop-dark sider.
 * Every value comes from the design tokens (theme/tokens.ts), the same ones the CSS reads.
 */
export function themeConfig(mode: ThemeMode): ThemeConfig {
  const isDark = mode === 'dark';
  const color = (name: TokenName) => tokenValue(name, mode);
  return {
    algorithm: isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_COLOR,
      colorLink: color('color-link'),
      borderRadius: tokenPx('radius-sm'),
      fontFamily: tokenValue('font-family', mode),
      colorBgLayout: color('color-bg-page'),
      fontSize: tokenPx('font-size-base'),
    },
    components: {
      Layout: {
        siderBg: color('color-bg-sider'),
        headerBg: color('color-bg-surface'),
      },
      Menu: {
        darkItemBg: color('color-bg-sider'),
        darkSubMenuItemBg: color('color-bg-sider-sub'),
        darkItemSelectedBg: PRIMARY_COLOR,
      },
      Button: { fontWeight: 600 },
    },
  };
}

export type AntdProviderProps = { children: ReactNode };

/**
 * antd's theme and locale (and dayjs's locale) for the parts of the app that use antd: the
 * signed-in screens and the notices. The public screens stay without it: the provider's first
 * render is the largest piece of script work a phone would otherwise do before /login shows.
 */
export function AntdProvider({ children }: AntdProviderProps) {
  const { i18n } = useTranslation();
  const { mode } = useThemeMode();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  useEffect(() => {
    dayjs.locale(language);
  }, [language]);
  return (
    <ConfigProvider
      locale={antdLocales.get(language) ?? antdLocales.get(DEFAULT_LANGUAGE)}
      theme={themeConfig(mode)}
    >
      {children}
    </ConfigProvider>
  );
}
