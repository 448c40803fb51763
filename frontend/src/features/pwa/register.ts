// The phone app's service worker (issue 34): built by vite-plugin-pwa (frontend/vite.config.ts), registered
// here only in a plain browser. Inside the desktop shell (the Wails window, or a page `hearth-desktop --serve`
// answered as the shell) the shell itself keeps the app and its data: a service worker there would keep an
// old build across the shell's updates. A new build waits until the person chooses "Reload to update", and
// even then an open form (a med pass being charted, a note being typed) is finished first (update.ts).
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/feedback/toast';
import { createUpdateFlow, formHeld, type TypedField } from './update';

/** Where the build puts the worker (vite-plugin-pwa's default file name, served by cloud/platform/web/spa.go). */
export const SERVICE_WORKER_URL = '/sw.js';

export interface PwaEnvironment {
  /** navigator.serviceWorker exists (a secure context: https, or localhost). */
  supported: boolean;
  /** The page runs inside the desktop shell (features/desktop/shell.ts isDesktopShell). */
  desktopShell: boolean;
  /** A production build (the dev server has no worker). */
  production: boolean;
}

/** Whether this page should register the service worker. */
export function shouldRegister(env: PwaEnvironment): boolean {
  return env.supported && env.production && !env.desktopShell;
}

/** How often a deferred update looks again whether the form is gone. */
export const FORM_CHECK_MS = 500;

/** The fields typed into on this page, kept while they may still hold text (formHeld reads them). */
const typed = new Set<TypedField & Element>();

function trackTyping(): void {
  document.addEventListener(
    'input',
    (e) => {
      const t = e.target;
      if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) typed.add(t);
    },
    true,
  );
}

function pageHoldsForm(): boolean {
  for (const field of typed) if (!field.isConnected) typed.delete(field);
  return formHeld(document, typed);
}

/**
 * Registers the worker when `env` allows it. When a new build is installed and waiting, a toast offers
 * "Reload to update"; nothing reloads until it is pressed, and not while a form is open (update.ts).
 */
export async function registerPwa(env: PwaEnvironment): Promise<void> {
  if (!shouldRegister(env)) return;
  trackTyping();
  const { registerSW } = await import('virtual:pwa-register');
  const flow = createUpdateFlow({
    held: pageHoldsForm,
    activate: () => void update(true),
    reload: () => window.location.reload(),
    deferred: () => toast.warning(i18n.t('app.update.afterForm')),
    watch: (check) => {
      const timer = setInterval(check, FORM_CHECK_MS);
      return () => clearInterval(timer);
    },
  });
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast.offer(i18n.t('app.update.ready'), i18n.t('app.update.reload'), () => flow.requested());
    },
    // The new worker controls the page (asked here or in another tab): reload, once no form is open.
    onNeedReload: () => flow.controlled(),
  });
}
