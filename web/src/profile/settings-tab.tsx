import { LANGUAGES, type Language } from '@domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from '../i18n';
import { Flex } from '../components/ui/flex';
import { Radio } from '../components/ui/radio';
import { Typography } from '../components/ui/typography';
import { PushSetting } from './push-setting';

/** Each language is named in itself, so a user finds theirs whatever the UI currently shows. */
const LANGUAGE_NAMES = {
  pl: 'Polski',
  en: 'English',
  ru: 'Русский',
} as const satisfies Record<Language, string>;

export function SettingsTab() {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Flex vertical gap="small">
      <Typography.Text strong id={labelId}>
        {t('profile.settings.language')}
      </Typography.Text>
      <Radio.Group
        aria-labelledby={labelId}
        optionType="button"
        buttonStyle="solid"
        value={current}
        options={LANGUAGES.map((language) => ({
          value: language,
          label: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
        }))}
        onChange={(event) => {
          const value: unknown = event.target.value;
          if (isLanguage(value)) void changeLanguage(value);
        }}
      />
      <Typography.Text type="secondary">{t('profile.settings.languageHint')}</Typography.Text>
      <PushSetting />
    </Flex>
  );
}
