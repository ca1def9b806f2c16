import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export type PlaceholderPageProps = { titleKey: string };

/** A screen whose route and guard are real but whose content arrives with a later issue. */
export function PlaceholderPage({ titleKey }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{t(titleKey)}</h1>}
      subTitle={t('placeholder.text')}
    />
  );
}
