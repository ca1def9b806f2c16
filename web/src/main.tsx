import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import appCss from './app/app.css?inline';
import { App } from './app/app';

// The stylesheet goes in from script rather than a render-blocking <link>: until the app renders,
// only the HTML splash shows, and it carries its own inline style.
const style = document.createElement('style');
style.textContent = appCss;
document.head.append(style);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A saved English or Russian choice loads before the first render, so no Polish flashes by.
await i18nReady;
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
