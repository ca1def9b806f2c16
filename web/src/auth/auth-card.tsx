import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type AuthCardProps = { children: ReactNode };

/** The framed panel of the public screens: brand mark, product name, content. */
export function AuthCard({ children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <main className="auth-screen">
      <div className="auth-card">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <Typography.Title level={1} style={{ margin: 0, fontSize: 26 }}>
            {t('app.name')}
          </Typography.Title>
        </div>
        {children}
      </div>
    </main>
  );
}
