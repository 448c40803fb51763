// The phone app's service worker (issue 34): built by vite-plugin-pwa (frontend/vite.config.ts), registered
// here only in a plain browser. Inside the desktop shell (the Wails window, or a page `hearth-desktop --serve`
// answered as the shell) the shell itself keeps the app and its data: a service worker there would keep an
// old build across the shell's updates. A new build waits until the person chooses "Reload to update", so an
// open med pass form is never reloaded under them.
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/feedback/toast';

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

/**
 * Registers the worker when `env` allows it. When a new build is installed and waiting, a toast offers
 * "Reload to update"; nothing reloads until it is pressed.
 */
export async function registerPwa(env: PwaEnvironment): Promise<void> {
  if (!shouldRegister(env)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast.offer(i18n.t('app.update.ready'), i18n.t('app.update.reload'), () => void update(true));
    },
  });
}
