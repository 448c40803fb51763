import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** The page's one toaster, at the top, at most four toasts (loaded with the first toast: toast.ts). */
export function createToaster(): Promise<Toaster> {
  return OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
}
