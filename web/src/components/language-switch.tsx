import { LANGUAGES, type Language } from '@domain';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import './language-switch.css';

/** PL / EN / RU buttons; the choice is kept in localStorage. Plain buttons: they sit on /login too. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language: Language) => {
        const isActive = i18n.language === language;
        return (
          <button
            key={language}
            type="button"
            aria-pressed={isActive}
            className={isActive ? 'is-active' : undefined}
            lang={language}
            aria-label={`${language.toUpperCase()} – ${t(`language.names.${language}`)}`}
            onClick={() => void changeLanguage(language)}
          >
            {language.toUpperCase()}
          </button>
        );
      })}
    </div>
  );
}
