import { Button, HTMLTable } from '@blueprintjs/core';
import { InboxIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { ReplyIndicator } from './ReplyIndicator';
import { TicketStatusTag, TicketTypeTag } from './TicketTags';
import { TableEmpty } from '@/lib/ui/TableEmpty';

/** spec 001 §9: the ticket table scrolls sideways below 800 px. */
export const TICKET_TABLE_SCROLL_WIDTH = 800;

interface TicketTableProps {
  records: Ticket[];
  loading: boolean;
  /** The facility's zone code; undefined for the super admin, whose tickets come from every zone (times then name their zone). */
  zone: string | undefined;
  /** The ticket being opened (its Detail button spins). */
  opening: string | null;
  onDetail: (ticket: Ticket) => void;
  /** Opens the ticket in the form (facility users: view, and edit while SUBMITTED). */
  onOpenForm?: (ticket: Ticket) => void;
  /** Delete, for facility users only (spec 000 §6). */
  onDelete?: (ticket: Ticket) => void;
  /** The super admin sees every facility's tickets: which facility and who wrote each (spec 000 §6 "facility name visible"). */
  showOwner?: boolean;
}

/** The paged table of tickets (spec 000 §2 "Support ticket management page"). */
export function TicketTable({ records, loading, zone, opening, onDetail, onOpenForm, onDelete, showOwner = false }: TicketTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
      <HTMLTable striped interactive className="hearth-ticket-table" style={{ minWidth: TICKET_TABLE_SCROLL_WIDTH }}>
        <thead>
          <tr>
            <th>{t('tickets.table.title')}</th>
            {showOwner ? <th>{t('tickets.table.facility')}</th> : null}
            {showOwner ? <th>{t('tickets.table.creator')}</th> : null}
            <th>{t('tickets.table.content')}</th>
            <th>{t('tickets.table.createTime')}</th>
            <th>{t('tickets.table.type')}</th>
            <th>{t('tickets.table.status')}</th>
            <th>{t('tickets.table.reply')}</th>
            <th>{t('tickets.table.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((ticket) => (
            <tr key={ticket.ticketId} data-testid="ticket-row" data-ticket-id={ticket.ticketId}>
              <td className="hearth-cell-title">
                {onOpenForm ? (
                  <Button variant="minimal" size="small" className="hearth-link-button" onClick={() => onOpenForm(ticket)}>
                    {ticket.title}
                  </Button>
                ) : (
                  ticket.title
                )}
              </td>
              {showOwner ? <td data-testid="ticket-facility">{ticket.facilityName}</td> : null}
              {showOwner ? <td data-testid="ticket-creator">{ticket.creatorName}</td> : null}
              <td className="hearth-cell-truncate" title={ticket.content}>
                {ticket.content}
              </td>
              <td className="hearth-cell-nowrap">{formatDateTime(ticket.createTime, zone, language, { withZone: zone === undefined })}</td>
              <td>
                <TicketTypeTag type={ticket.type} />
              </td>
              <td>
                <TicketStatusTag status={ticket.status} />
              </td>
              <td>
                <ReplyIndicator ticket={ticket} />
              </td>
              <td className="hearth-cell-nowrap">
                <Button
                  variant="minimal"
                  size="small"
                  intent="primary"
                  loading={opening === ticket.ticketId}
                  disabled={opening !== null && opening !== ticket.ticketId}
                  onClick={() => onDetail(ticket)}
                >
                  {t('tickets.table.detail')}
                </Button>
                {onDelete ? (
                  <Button variant="minimal" size="small" intent="danger" onClick={() => onDelete(ticket)}>
                    {t('tickets.table.delete')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {records.length === 0 ? <TableEmpty loading={loading} icon={<InboxIcon size={32} />} title={t('tickets.table.empty')} /> : null}
    </div>
  );
}
