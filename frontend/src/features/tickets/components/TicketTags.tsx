import { Intent, Tag } from '@blueprintjs/core';
import { SendMessageIcon, TickCircleIcon, TimeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { TicketProcessing, TicketResolved } from '@/types/api.gen';
import { ticketStatusLabel, ticketTypeLabel } from '../ticketLabels';

export function TicketTypeTag({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <Tag minimal round data-testid="ticket-type">
      {ticketTypeLabel(t, type)}
    </Tag>
  );
}

/** The status as a tag with an icon: sent, being handled, resolved. */
export function TicketStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const [icon, intent] =
    status === TicketResolved
      ? [<TickCircleIcon key="i" />, Intent.SUCCESS]
      : status === TicketProcessing
        ? [<TimeIcon key="i" />, Intent.WARNING]
        : [<SendMessageIcon key="i" />, Intent.PRIMARY];
  return (
    <Tag minimal icon={icon} intent={intent} data-testid="ticket-status" data-status={status}>
      {ticketStatusLabel(t, status)}
    </Tag>
  );
}
