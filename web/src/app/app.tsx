import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from './not-found-page';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

function Welcome() {
  const { t } = useTranslation();
  return (
    <main style={{ maxWidth: 480, margin: '15vh auto', padding: 16 }}>
      <Typography.Title>{t('app.name')}</Typography.Title>
      <Typography.Paragraph>{t('login.welcome')}</Typography.Paragraph>
    </main>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/login" element={<Welcome />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </BrowserRouter>
  );
}
