import { useRef, useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import type { FileItem, Ticket, TicketType } from '@/types/api.gen';
import { TicketContentMax, TicketCustomerSupport, TicketTitleMax } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { deleteFile } from '@/lib/files/api/deleteFile';
import { toast } from '@/lib/feedback/toast';
import { ticketsKey } from '../api/keys';
import { saveTicket } from '../api/saveTicket';
import { TICKET_TYPES, ticketTypeLabel } from '../ticketLabels';
import { AttachmentField } from './AttachmentField';
import { Select } from '@/components/Select';

interface TicketFormDialogProps {
  /** An existing ticket (opened from the list), or undefined to create one. */
  ticket?: Ticket;
  /** The viewer may edit the existing ticket (its creator, while SUBMITTED). */
  editable: boolean;
  onClose: () => void;
  onSaved: (ticket: Ticket) => void;
}

interface Draft {
  title: string;
  type: TicketType;
  content: string;
  files: FileItem[];
}

function draftOf(ticket: Ticket | undefined): Draft {
  return {
    title: ticket?.title ?? '',
    type: ticket?.type || TicketCustomerSupport,
    content: ticket?.content ?? '',
    files: ticket?.files ?? [],
  };
}

/**
 * The create modal (spec 000 §2): title, type, content and up to 3 files; Cancel and Submit. An existing
 * ticket opens locked; Edit unlocks it and Cancel edit locks it again with its saved values.
 */
export function TicketFormDialog({ ticket, editable, onClose, onSaved }: TicketFormDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(ticket));
  const [locked, setLocked] = useState(ticket !== undefined);
  const save = useAppMutation({
    mutationFn: saveTicket,
    invalidates: [ticketsKey],
    success: ticket ? 'tickets.done.saved' : 'tickets.done.submitted',
    onSuccess: (saved) => {
      unsaved.current.clear(); // saving confirmed them
      onSaved(saved);
    },
  });
  const errors = save.isPending ? {} : fieldErrors(save.error);
  // A refusal that names no field shows above the buttons.
  const problem = !save.isPending && isApiError(save.error) && save.error.code === '4022' && Object.keys(errors).length === 0 ? save.error.message : null;
  // Uploads of this dialog not saved on a ticket yet: removed again when they are dropped.
  const unsaved = useRef(new Set<string>());

  const discard = (ids: Iterable<string>) => {
    for (const fileId of ids) {
      unsaved.current.delete(fileId);
      deleteFile({ fileId }).catch(() => undefined); // an unconfirmed upload is also removed after 24 hours
    }
  };

  const close = () => {
    discard([...unsaved.current]);
    onClose();
  };

  const removeFile = (fileId: string) => {
    setDraft((d) => ({ ...d, files: d.files.filter((f) => f.fileId !== fileId) }));
    if (unsaved.current.has(fileId)) {
      unsaved.current.delete(fileId);
      deleteFile({ fileId }).catch((err: unknown) => {
        toast.warning(t('files.delete.failed', { msg: isApiError(err) ? err.message || err.code : String(err) }));
      });
    }
  };

  const cancelEdit = () => {
    discard([...unsaved.current]);
    setDraft(draftOf(ticket));
    save.reset();
    setLocked(true);
  };

  const submit = () =>
    save.mutate({
      ticketId: ticket?.ticketId,
      title: draft.title,
      type: draft.type,
      content: draft.content,
      fileIds: draft.files.map((f) => f.fileId),
    });

  const title = ticket === undefined ? t('tickets.form.createTitle') : locked ? t('tickets.form.viewTitle') : t('tickets.form.editTitle');
  const fileError = errors.fileIds ?? errors.files;
  return (
    <AppDialog onClose={close} title={title} className="hearth-ticket-dialog" canOutsideClickClose={false}>
      <DialogBody>
        {locked && ticket && !editable ? (
          <Callout compact className="hearth-gap-bottom">
            {t('tickets.form.notEditable')}
          </Callout>
        ) : null}
        <FormGroup
          label={t('tickets.form.title')}
          labelFor="ticket-title"
          intent={errors.title ? Intent.DANGER : Intent.NONE}
          helperText={errors.title}
        >
          <InputGroup
            id="ticket-title"
            value={draft.title}
            maxLength={TicketTitleMax}
            disabled={locked}
            intent={errors.title ? Intent.DANGER : Intent.NONE}
            onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
          />
        </FormGroup>
        <FormGroup label={t('tickets.form.type')} labelFor="ticket-type">
          <Select
            id="ticket-type"
            fill
            value={draft.type}
            disabled={locked}
            onChange={(e) => setDraft({ ...draft, type: e.currentTarget.value })}
            options={TICKET_TYPES.map((type) => ({ value: type, label: ticketTypeLabel(t, type) }))}
          />
        </FormGroup>
        <FormGroup
          label={t('tickets.form.content')}
          labelFor="ticket-content"
          intent={errors.content ? Intent.DANGER : Intent.NONE}
          helperText={errors.content}
        >
          <TextArea
            id="ticket-content"
            fill
            rows={5}
            value={draft.content}
            maxLength={TicketContentMax}
            disabled={locked}
            intent={errors.content ? Intent.DANGER : Intent.NONE}
            onChange={(e) => setDraft({ ...draft, content: e.currentTarget.value })}
          />
        </FormGroup>
        <AttachmentField
          files={draft.files}
          disabled={locked}
          onUploaded={(items) => {
            for (const it of items) unsaved.current.add(it.fileId);
            setDraft((d) => ({ ...d, files: [...d.files, ...items] }));
          }}
          onRemove={removeFile}
        />
        {fileError || problem ? (
          <Callout intent={Intent.DANGER} compact>
            {fileError ?? problem}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          ticket !== undefined && locked ? (
            <>
              <Button onClick={close}>{t('common.action.close')}</Button>
              {editable ? (
                <Button intent={Intent.PRIMARY} icon={<EditIcon />} onClick={() => setLocked(false)}>
                  {t('tickets.form.edit')}
                </Button>
              ) : null}
            </>
          ) : (
            <>
              {ticket !== undefined ? (
                <Button onClick={cancelEdit}>{t('tickets.form.cancelEdit')}</Button>
              ) : (
                <Button onClick={close}>{t('common.action.cancel')}</Button>
              )}
              <Button intent={Intent.PRIMARY} loading={save.isPending} onClick={submit}>
                {t('common.action.submit')}
              </Button>
            </>
          )
        }
      />
    </AppDialog>
  );
}
