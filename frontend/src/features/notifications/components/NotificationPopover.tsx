import { useCallback, useState, type ReactNode, type Ref } from 'react';
import { PopoverNext } from '@blueprintjs/core';
import { NotificationPanel } from './NotificationPanel';

/**
 * The bell's popover with the newest notifications, loaded on the bell's first press (NotificationBell). It
 * mounts open, around a bell that replaces the one pressed: that bell takes the focus as it is attached (before
 * the popover notes where the focus was), so closing the popover returns the focus to it.
 */
export default function NotificationPopover({ zoneCode, bell }: { zoneCode: string | undefined; bell: (ref: Ref<HTMLButtonElement>) => ReactNode }) {
  const [open, setOpen] = useState(true);
  // A stable callback ref: React calls it when the bell is attached (and with null when it goes), not on each render.
  const focusOnAttach = useCallback((node: HTMLButtonElement | null) => node?.focus(), []);
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom-end"
      popoverClassName="hearth-notifications-popover"
      content={<NotificationPanel zoneCode={zoneCode} onClose={() => setOpen(false)} />}
    >
      {bell(focusOnAttach)}
    </PopoverNext>
  );
}
