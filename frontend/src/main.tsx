import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@blueprintjs/core/lib/css/blueprint.css';
import './app/app.css';
import { App } from './app/App';
import { installIconLoader } from './app/layout/iconLoader';
import { initI18n } from './lib/i18n';

installIconLoader();
void initI18n().then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
