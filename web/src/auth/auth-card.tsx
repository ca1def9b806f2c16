import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './auth-card.css';

export type AuthCardProps = { children: ReactNode };

/** The framed panel of the public screens: brand mark, product name, content. */
export function AuthCard({ children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <main className="auth-screen">
      <div className="auth-card">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <h1>{t('app.name')}</h1>
        </div>
        {children}
      </div>
    </main>
  );
}
