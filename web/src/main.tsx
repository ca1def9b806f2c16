import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import './app/app.css';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A saved English or Russian choice loads before the first render, so no Polish flashes by.
await i18nReady;
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
