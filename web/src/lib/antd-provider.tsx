import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import plPL from 'antd/locale/pl_PL';
import ruRU from 'antd/locale/ru_RU';
import dayjs from 'dayjs';
import 'dayjs/locale/pl';
import 'dayjs/locale/ru';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { themeConfig, useThemeMode } from './theme';

const ANTD_LOCALES = { pl: plPL, en: enUS, ru: ruRU } as const;

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
