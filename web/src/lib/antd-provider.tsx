import { ConfigProvider, type ThemeConfig, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import plPL from 'antd/locale/pl_PL';
import ruRU from 'antd/locale/ru_RU';
import dayjs from 'dayjs';
import 'dayjs/locale/pl';
import 'dayjs/locale/ru';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type TokenName, tokenPx, tokenValue } from '../theme/tokens';
import { PRIMARY_COLOR, type ThemeMode, useThemeMode } from './theme';

const ANTD_LOCALES = { pl: plPL, en: enUS, ru: ruRU } as const;

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
  const language = (i18n.resolvedLanguage ?? 'pl') as keyof typeof ANTD_LOCALES;
  useEffect(() => {
    dayjs.locale(language);
  }, [language]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[language] ?? plPL} theme={themeConfig(mode)}>
      {children}
    </ConfigProvider>
  );
}
