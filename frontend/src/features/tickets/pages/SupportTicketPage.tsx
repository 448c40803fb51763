import { useState } from 'react';
import { Alert, Intent } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import type { Ticket } from '@/types/api.gen';
import { RoleSuperAdmin } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { SHORT_PAGE_SIZE } from '@/components/pager';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { toast } from '@/lib/feedback/toast';
import { useSessionStore } from '@/lib/session/store';
import { useShell } from '@/lib/shell';
import { creatorDeleteTicket } from '../api/creatorDeleteTicket';
import { getTicket } from '../api/getTicket';
import { ticketsKey } from '../api/keys';
import { useTicketList, type TicketListFilter } from '../api/listTicketsByPage';
import { setProcessingStatus } from '../api/setProcessingStatus';
import { TicketDetailDialog } from '../components/TicketDetailDialog';
import { TicketFilterBar } from '../components/TicketFilterBar';
import { TicketFormDialog } from '../components/TicketFormDialog';
import { TicketTable } from '../components/TicketTable';
import { canEditTicket, chatSide } from '../ticketRules';

const NO_FILTER: TicketListFilter = { title: '', status: '', type: '' };

/** Filters as the call sends them: empty ones left out. */
function sent(filter: TicketListFilter): TicketListFilter {
  const out: TicketListFilter = {};
  if (filter.title?.trim()) out.title = filter.title.trim();
  if (filter.status) out.status = filter.status;
  if (filter.type) out.type = filter.type;
  return out;
}

/**
 * Support tickets (spec 000 §2 "Support ticket management page"): the super admin's /support-ticket-manage
 * and a facility user's Help page. The list asks again every 30 s, so a new reply shows without a reload.
 */
export default function SupportTicketPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const superAdmin = session?.roles.includes(RoleSuperAdmin) ?? false;
  const side = chatSide(superAdmin);
  // Times in the facility's zone; the platform has none and sees the browser's.
  const zone = superAdmin ? undefined : userInfo?.timeZone || session?.timeZone || undefined;
  const userId = userInfo?.userId || session?.userId;

  const [draft, setDraft] = useState<TicketListFilter>(NO_FILTER);
  const [filter, setFilter] = useState<TicketListFilter>({});
  const [paging, setPaging] = useState({ current: 1, size: SHORT_PAGE_SIZE });
  const list = useTicketList({ ...paging, data: filter });
  const records = list.data?.records ?? [];

  const [form, setForm] = useState<{ ticket?: Ticket; key: number } | null>(null);
  const [detail, setDetail] = useState<Ticket | null>(null);
  const [deleting, setDeleting] = useState<Ticket | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ticketsKey });

  const query = () => {
    setFilter(sent(draft));
    setPaging((p) => ({ ...p, current: 1 }));
    // The same filter again still asks the server again.
    refresh();
  };

  const reset = () => {
    setDraft(NO_FILTER);
    setFilter({});
    setPaging((p) => ({ ...p, current: 1 }));
  };

  // spec 000 §4: opening the detail makes a SUBMITTED ticket PROCESSING; if that fails the detail stays shut.
  const open = useAppMutation({
    mutationFn: async (ticket: Ticket) => {
      try {
        await setProcessingStatus({ ticketId: ticket.ticketId });
      } catch (err) {
        if (isApiError(err) && err.reaction.kind === 'none') {
          toast.warning(t('tickets.detail.statusError', { msg: err.message || err.code }));
        }
        throw err;
      }
      return getTicket({ ticketId: ticket.ticketId });
    },
    invalidates: [ticketsKey], // its status and unread mark changed
    onSuccess: setDetail,
  });

  const remove = useAppMutation({
    mutationFn: creatorDeleteTicket,
    invalidates: [ticketsKey],
    success: 'tickets.done.deleted',
    onSuccess: () => {
      if (records.length === 1 && paging.current > 1) setPaging((p) => ({ ...p, current: p.current - 1 }));
    },
    onSettled: () => setDeleting(null),
  });

  return (
    <div className="hearth-page">
      <PageHeader title={t('tickets.page.title')} />
      <TicketFilterBar
        value={draft}
        onChange={setDraft}
        onQuery={query}
        onReset={reset}
        onCreate={superAdmin ? undefined : () => setForm({ key: Date.now() })}
      />
      <QueryErrorBanner query={list} />
      <TicketTable
        records={records}
        loading={list.isPending}
        zone={zone}
        opening={open.isPending ? open.variables.ticketId : null}
        onDetail={(ticket) => open.mutate(ticket)}
        onOpenForm={superAdmin ? undefined : (ticket) => setForm({ ticket, key: Date.now() })}
        onDelete={superAdmin ? undefined : setDeleting}
        showOwner={superAdmin}
      />
      <Pager
        current={paging.current}
        size={paging.size}
        total={list.data?.total ?? 0}
        onChange={(current, size) => setPaging({ current, size })}
      />

      {form ? (
        <TicketFormDialog
          key={form.key}
          ticket={form.ticket}
          editable={form.ticket !== undefined && canEditTicket(form.ticket, userId)}
          onClose={() => setForm(null)}
          onSaved={() => setForm(null)}
        />
      ) : null}
      {detail ? (
        <TicketDetailDialog
          ticket={detail}
          side={side}
          zone={zone}
          onClose={() => setDetail(null)}
          onChanged={setDetail}
        />
      ) : null}
      <Alert
        isOpen={deleting !== null}
        aria-labelledby="ticket-delete-confirm-text"
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        confirmButtonText={t('tickets.table.delete')}
        cancelButtonText={t('common.action.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ ticketId: deleting.ticketId })}
      >
        <p id="ticket-delete-confirm-text" data-testid="delete-confirm">{t('common.confirm.permanentDelete', { name: deleting?.title ?? '' })}</p>
      </Alert>
    </div>
  );
}
