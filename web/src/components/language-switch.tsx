import { LANGUAGES, type Language } from '@domain';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';

export type LanguageSwitchProps = { size?: 'small' | 'middle' };

/** PL / EN / RU buttons; the choice is kept in localStorage. */
export function LanguageSwitch({ size = 'small' }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  return (
    <Space.Compact role="group" aria-label={t('language.label')} style={{ marginTop: 16 }}>
      {LANGUAGES.map((language: Language) => {
        const isActive = i18n.language === language;
        return (
          <Button
            key={language}
            size={size}
            type={isActive ? 'primary' : 'default'}
            aria-pressed={isActive}
            lang={language}
            aria-label={t(`language.names.${language}`)}
            onClick={() => void changeLanguage(language)}
          >
            {language.toUpperCase()}
          </Button>
        );
      })}
    </Space.Compact>
  );
}
