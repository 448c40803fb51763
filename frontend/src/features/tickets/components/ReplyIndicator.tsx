import { Tooltip } from '@blueprintjs/core';
import { ChatIcon, EnvelopeIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@/types/api.gen';
import { replyIndicator } from '../ticketRules';

/** The reply indicator of a row (spec 000 §4): green or red by turn, an icon for resolved, unread and read. */
export function ReplyIndicator({ ticket }: { ticket: Pick<Ticket, 'status' | 'myTurn' | 'unread'> }) {
  const { t } = useTranslation();
  const { tone, icon } = replyIndicator(ticket);
  const label =
    icon === 'resolved'
      ? t('tickets.indicator.resolved')
      : tone === 'red'
        ? icon === 'unread'
          ? t('tickets.indicator.unreadYourTurn')
          : t('tickets.indicator.yourTurn')
        : icon === 'unread'
          ? t('tickets.indicator.unread')
          : t('tickets.indicator.waiting');
  const Icon = icon === 'resolved' ? TickCircleIcon : icon === 'unread' ? EnvelopeIcon : ChatIcon;
  return (
    <Tooltip content={label} placement="top">
      <span
        className={`hearth-reply-indicator hearth-reply-${tone}`}
        role="img"
        aria-label={label}
        data-testid="reply-indicator"
        data-tone={tone}
        data-icon={icon}
      >
        <Icon />
      </span>
    </Tooltip>
  );
}
