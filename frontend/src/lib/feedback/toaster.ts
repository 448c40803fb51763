import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** The page's one toaster in `host`, at the top, at most four toasts (loaded with the first toast: toast.ts). */
export function createToaster(host: HTMLElement): Promise<Toaster> {
  return OverlayToaster.create({ position: Position.TOP, maxToasts: 4 }, { container: host });
}
