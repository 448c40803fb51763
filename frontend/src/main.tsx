import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@blueprintjs/core/lib/css/blueprint.css';
import './app/app.css';
import { App } from './app/App';
import { installIconLoader } from './app/layout/iconLoader';
import { isDesktopShell, startDesktopShell } from './features/desktop/shell';
import { startKeptRefresh } from './features/pwa/refresh';
import { registerPwa } from './features/pwa/register';
import { enableKeptReads, forgetKeptReads } from './lib/phone/keptReads';
import { startOutbox } from './lib/phone/outboxSend';
import { outboxPerson, sendKeptWrite } from './lib/api/client';
import { currentSession, onSessionEnd } from './lib/session/store';
import { initI18n, loadFeatureStrings } from './lib/i18n';

installIconLoader();
// Asks the desktop shell for its status only inside it (bindings or ?shell=desktop); settles before the first screen.
const desktop = startDesktopShell(window.location);
void Promise.all([initI18n(), desktop])
  // In the shell every screen may show the offline banner, so its strings come before the first screen.
  .then(() => (isDesktopShell() ? loadFeatureStrings(['desktop']) : undefined))
  .then(() => {
    // A phone or browser keeps a few reads for the signed-in person to show offline; the desktop shell keeps its own.
    if (!isDesktopShell() && typeof indexedDB !== 'undefined') {
      enableKeptReads(true);
      startKeptRefresh();
      // Writes kept on this phone with no network are sent in order once it is back (lib/phone/outboxSend.ts).
      startOutbox(outboxPerson, sendKeptWrite);
      onSessionEnd(() => void forgetKeptReads().catch(() => undefined));
      // Nobody signed in (a sign-out that did not finish, a session that ran out): nothing kept stays.
      if (currentSession() === null) void forgetKeptReads().catch(() => undefined);
    }
    createRoot(document.getElementById('root') as HTMLElement).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // Once the shell is known: the phone app's service worker never registers inside the desktop shell.
    void registerPwa({ supported: 'serviceWorker' in navigator, desktopShell: isDesktopShell(), production: import.meta.env.PROD });
  });
