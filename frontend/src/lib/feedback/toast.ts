import { Intent, type Toaster } from '@blueprintjs/core';

/** spec 001 §9: notification toasts stay 2500 ms. */
export const TOAST_TIMEOUT_MS = 2500;

let toaster: Promise<Toaster> | undefined;
/** The toaster once it is on the page. */
let shown: Toaster | undefined;

// The toaster and Blueprint's overlay code load with the first toast, not with the sign-in page.
function getToaster(): Promise<Toaster> {
  toaster ??= import('./toaster')
    .then((m) => m.createToaster())
    .then((t) => (shown = t));
  toaster.catch(() => (toaster = undefined)); // a failed load is tried again by the next toast
  return toaster;
}

function show(message: string, intent: Intent): void {
  // The message is the key, so the same text raised by several concurrent calls shows once.
  void getToaster().then((t) => t.show({ message, intent, timeout: TOAST_TIMEOUT_MS }, `${intent}:${message}`));
}

export const toast = {
  success: (message: string) => show(message, Intent.SUCCESS),
  warning: (message: string) => show(message, Intent.WARNING),
  danger: (message: string) => show(message, Intent.DANGER),
};

/** Takes every toast off the screen at once (render tests start each test with none). */
export function clearToasts(): void {
  shown?.clear();
}
