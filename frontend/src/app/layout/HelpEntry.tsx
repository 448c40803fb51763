import { useId } from 'react';
import { Button, Tag } from '@blueprintjs/core';
import { HelpIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUnreadCount } from '@/features/tickets/api/unreadCount';
import { HELP_TICKETS_PATH } from '../routing';
import { badgeText } from './badges';

/**
 * The header's Help entry (spec 000 §2 "Layout"; not for the super admin): the user's support tickets, with
 * a badge of tickets holding an unread reply, asked every 30 s.
 */
export function HelpEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unread = useUnreadCount(true);
  const badge = badgeText(unread.data);
  const label = badge ? t('layout.help.entryUnread', { unread: unread.data ?? 0 }) : t('layout.help.entry');
  const describedBy = useId();
  // Named by what it shows ("Help", "Help 2"); the unread count in words is its description.
  return (
    <>
      <Button
        variant="minimal"
        icon={<HelpIcon />}
        active={pathname === HELP_TICKETS_PATH}
        aria-describedby={badge ? describedBy : undefined}
        title={label}
        data-testid="help-entry"
        onClick={() => void navigate(HELP_TICKETS_PATH)}
      >
        {t('layout.help.entry')}
        {badge ? (
          <Tag round intent="danger" className="hearth-help-badge" data-testid="help-badge">
            {badge}
          </Tag>
        ) : null}
      </Button>
      {badge ? (
        <span id={describedBy} hidden>
          {label}
        </span>
      ) : null}
    </>
  );
}
