import { useState } from 'react';
import { Alert, Button, Callout, DialogBody, DialogFooter, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import type { ChatRole, Ticket } from '@/types/api.gen';
import { ChatAdmin, TicketReplyMax } from '@/types/api.gen';
import { DetailList } from '@/components/DetailList';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { ticketsKey } from '../api/keys';
import { replyTicket } from '../api/replyTicket';
import { solveTicket } from '../api/solveTicket';
import { ticketTypeLabel } from '../ticketLabels';
import { chatWithReply, replyState } from '../ticketRules';
import { AttachmentList } from './AttachmentList';
import { ChatHistory } from './ChatHistory';
import { TicketStatusTag } from './TicketTags';

interface TicketDetailDialogProps {
  ticket: Ticket;
  side: ChatRole;
  /** The facility's zone code; undefined for the super admin, whose tickets come from every zone (times then name their zone). */
  zone: string | undefined;
  onClose: () => void;
  /** The ticket changed (a reply, or solved). */
  onChanged: (ticket: Ticket) => void;
}

/**
 * The detail/reply modal (spec 000 §2): who wrote it and when, the content and files, the replies, and a
 * reply box while the ticket is open. Reply works only in turn; the super admin also has Cancel and Solve.
 */
export function TicketDetailDialog({ ticket, side, zone, onClose, onChanged }: TicketDetailDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [confirmSolve, setConfirmSolve] = useState(false);
  const superAdmin = side === ChatAdmin;
  const state = replyState(ticket, side);

  const reply = useAppMutation({
    mutationFn: replyTicket,
    invalidates: [ticketsKey],
    success: 'tickets.done.replied',
    onSuccess: (saved) => {
      onChanged(saved);
      setText('');
    },
  });

  const solve = useAppMutation({
    mutationFn: solveTicket,
    invalidates: [ticketsKey],
    success: 'tickets.done.solved',
    onSuccess: onChanged,
    onSettled: () => setConfirmSolve(false),
  });

  const rows = [
    { label: t('tickets.detail.creator'), value: ticket.creatorName, testId: 'detail-creator' },
    ...(superAdmin ? [{ label: t('tickets.detail.facility'), value: ticket.facilityName ?? '', testId: 'detail-facility' }] : []),
    { label: t('tickets.detail.createTime'), value: formatDateTime(ticket.createTime, zone, currentLanguage(), { withZone: zone === undefined }), testId: 'detail-time' },
    { label: t('tickets.detail.type'), value: ticketTypeLabel(t, ticket.type), testId: 'detail-type' },
    { label: t('tickets.detail.status'), value: <TicketStatusTag status={ticket.status} />, testId: 'detail-status' },
  ];

  return (
    <AppDialog onClose={onClose} title={ticket.title} className="hearth-ticket-dialog hearth-ticket-detail">
      <DialogBody>
        <DetailList rows={rows} />
        <h3 className="hearth-section-title">{t('tickets.detail.content')}</h3>
        <p className="hearth-ticket-content" data-testid="detail-content">
          {ticket.content}
        </p>
        <h3 className="hearth-section-title">{t('tickets.detail.files')}</h3>
        <AttachmentList files={ticket.files ?? []} />
        <h3 className="hearth-section-title">{t('tickets.detail.history')}</h3>
        <ChatHistory chat={ticket.replyContent?.chat ?? []} creatorName={ticket.creatorName} zone={zone} />
        {state.hidden ? (
          <Callout intent={Intent.SUCCESS} icon={<TickCircleIcon />} compact data-testid="resolved-note">
            {t('tickets.detail.resolvedNote')}
          </Callout>
        ) : (
          <FormGroup
            label={t('tickets.detail.yourReply')}
            labelFor="ticket-reply"
            helperText={
              state.waitingFor === 'support'
                ? t('tickets.detail.waitingForSupport')
                : state.waitingFor === 'user'
                  ? t('tickets.detail.waitingForUser')
                  : undefined
            }
          >
            <TextArea
              id="ticket-reply"
              fill
              rows={3}
              value={text}
              maxLength={TicketReplyMax}
              disabled={!state.canReply}
              data-testid="reply-box"
              onChange={(e) => setText(e.currentTarget.value)}
            />
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {superAdmin ? <Button onClick={onClose}>{t('common.action.cancel')}</Button> : null}
            {superAdmin && !state.hidden ? (
              <Button intent={Intent.SUCCESS} icon={<TickCircleIcon />} onClick={() => setConfirmSolve(true)}>
                {t('tickets.detail.solve')}
              </Button>
            ) : null}
            {state.hidden ? null : (
              <Button
                intent={Intent.PRIMARY}
                loading={reply.isPending}
                disabled={!state.canReply || text.trim() === ''}
                onClick={() => reply.mutate({ ticketId: ticket.ticketId, replyContent: { chat: chatWithReply(ticket.replyContent?.chat, side, text.trim()) } })}
              >
                {t('tickets.detail.reply')}
              </Button>
            )}
          </>
        }
      />
      <Alert
        isOpen={confirmSolve}
        aria-labelledby="ticket-solve-confirm-text"
        intent={Intent.SUCCESS}
        icon={<TickCircleIcon />}
        confirmButtonText={t('tickets.detail.solve')}
        cancelButtonText={t('common.action.cancel')}
        loading={solve.isPending}
        onCancel={() => setConfirmSolve(false)}
        onConfirm={() => solve.mutate({ ticketId: ticket.ticketId })}
      >
        <p id="ticket-solve-confirm-text">{t('tickets.detail.solveConfirm', { title: ticket.title })}</p>
      </Alert>
    </AppDialog>
  );
}
