import { Intent, type Toaster } from '@blueprintjs/core';

/** spec 001 §9: notification toasts stay 2500 ms. */
export const TOAST_TIMEOUT_MS = 2500;

let toaster: Promise<Toaster> | undefined;
/** The toaster once it is on the page. */
let shown: Toaster | undefined;
/** The element the toaster lives in, under the body. */
let host: HTMLElement | undefined;

// The toaster and Blueprint's overlay code load with the first toast, not with the sign-in page.
function getToaster(): Promise<Toaster> {
  if (!toaster) {
    const into = document.createElement('div');
    document.body.appendChild(into);
    host = into;
    toaster = import('./toaster')
      .then((m) => m.createToaster(into))
      .then((t) => (shown = t));
    toaster.catch(() => {
      // a failed load is tried again by the next toast
      into.remove();
      toaster = undefined;
    });
  }
  return toaster;
}

function show(message: string, intent: Intent): void {
  // The message is the key, so the same text raised by several concurrent calls shows once.
  void getToaster().then((t) => t.show({ message, intent, timeout: TOAST_TIMEOUT_MS }, `${intent}:${message}`));
}

/** A toast that stays until its action is pressed or it is closed (a new version of the app: features/pwa). */
function offer(message: string, actionText: string, onAction: () => void): void {
  void getToaster().then((t) =>
    t.show({ message, intent: Intent.PRIMARY, timeout: 0, action: { text: actionText, onClick: onAction } }, `offer:${message}`),
  );
}

export const toast = {
  success: (message: string) => show(message, Intent.SUCCESS),
  warning: (message: string) => show(message, Intent.WARNING),
  danger: (message: string) => show(message, Intent.DANGER),
  offer,
};

/**
 * Takes the toaster off the page with every toast it shows, is fading out or still has queued; the next toast
 * makes a new one. Render tests start each test so: the screens share one page, and a toast an earlier test
 * raised late (its call answered after the test ended) lands in the detached toaster, out of every query.
 */
export function removeToaster(): void {
  shown?.clear();
  host?.remove();
  toaster = undefined;
  shown = undefined;
  host = undefined;
}
