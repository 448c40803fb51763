import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** spec 001 §9: notification toasts stay 2500 ms. */
export const TOAST_TIMEOUT_MS = 2500;

let toaster: Promise<Toaster> | undefined;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
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
