import type { ComponentProps, Ref } from 'react';
import { Button, Tag } from '@blueprintjs/core';
import { NotificationsIcon } from '@blueprintjs/icons';

/** The header's bell button, with the unread count as its badge; the same before and after its popover is loaded. */
export function BellButton({
  label,
  count,
  badge,
  buttonRef,
  ...rest
}: { label: string; count: number; badge: string | undefined; buttonRef?: Ref<HTMLButtonElement> } & Omit<ComponentProps<typeof Button>, 'ref'>) {
  return (
    <Button
      {...rest}
      ref={buttonRef}
      variant="minimal"
      icon={<NotificationsIcon />}
      aria-label={label}
      title={label}
      className="hearth-bell"
      data-testid="notification-bell"
      data-count={count}
    >
      {badge ? (
        <Tag round intent="danger" className="hearth-bell-badge" data-testid="notification-badge" aria-hidden="true">
          {badge}
        </Tag>
      ) : null}
    </Button>
  );
}
