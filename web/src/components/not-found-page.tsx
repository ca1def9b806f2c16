import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router';
import { buttonClassName } from './ui/button';
import { ResultPanel } from './ui/result-panel';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ResultPanel
      status="notFound"
      title={t('notFound.title')}
      subTitle={t('notFound.text')}
      extra={
        <Link to="/profile" className={buttonClassName({ variant: 'primary' })}>
          {t('notFound.home')}
        </Link>
      }
    />
  );
}
