import { useRef, useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, H3, InputGroup, Intent, Tag, TextArea } from '@blueprintjs/core';
import { EditIcon, AddIcon } from '@blueprintjs/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProgressNote } from '@/types/api.gen';
import { AddendumReasonMax, AddendumTextMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DetailList } from '@/components/DetailList';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { careLabel } from '@/lib/care/taskLabels';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { useNow } from '@/lib/time/useNow';
import { addAddendum, getNote } from '../api/notes';
import { notesKey, unreadKey } from '../api/keys';
import { LANGUAGE_KEYS, NOTE_TYPE_KEYS } from '../labels';
import { canEdit, validateAddendum, type AddendumDraft } from '../recordRules';

interface NoteDialogProps {
  note: ProgressNote;
  zoneCode: string | undefined;
  onClose: () => void;
  onEdit: (note: ProgressNote) => void;
}

/**
 * One note: opening it marks it read for the reader (getProgressNoteById), so the unread counts are read
 * again. The words as written, their English rendering when there is one, and the addenda under them;
 * the author edits within 24 hours, anyone adds an addendum with a reason.
 */
export function NoteDialog({ note: initial, zoneCode, onClose, onEdit }: NoteDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const message = useRuleMessage();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...notesKey, 'one', initial.noteId],
    queryFn: async ({ signal }) => {
      const n = await getNote(initial.noteId, signal);
      // Now read: the counts and the list's marks change.
      void queryClient.invalidateQueries({ queryKey: unreadKey });
      void queryClient.invalidateQueries({ queryKey: [...notesKey, 'list'] });
      return n;
    },
    placeholderData: initial,
  });
  const n = query.data ?? initial;
  const [adding, setAdding] = useState(false);
  // After a saved addendum its form goes: the focus returns to the button that opened it.
  const addButton = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState<AddendumDraft>({ reason: '', text: '' });
  const [errors, setErrors] = useState<ReturnType<typeof validateAddendum>>({});
  const add = useAppMutation({
    mutationFn: (d: AddendumDraft) => addAddendum({ noteId: n.noteId, reason: d.reason.trim(), text: d.text.trim() }),
    invalidates: [notesKey],
    success: 'carerecord.done.addendumAdded',
    onSuccess: () => {
      setAdding(false);
      setDraft({ reason: '', text: '' });
      requestAnimationFrame(() => addButton.current?.focus());
    },
  });
  const server = add.isPending ? {} : fieldErrors(add.error);
  const now = useNow(60_000);
  const when = (ms: number) => formatDateTime(ms, zoneCode, language);
  const translated = n.englishNotes && n.language !== 'en-US';
  const editable = canEdit(n, now);
  return (
    <AppDialog title={careLabel(t, NOTE_TYPE_KEYS, n.noteType)} onClose={onClose} className="hearth-record-dialog">
      <DialogBody>
        <QueryErrorBanner query={query} />
        <div data-testid="note-details" data-note-id={n.noteId}>
          <DetailList
            rows={[
              { label: t('carerecord.note.resident'), value: n.residentName },
              { label: t('carerecord.note.reportDate'), value: when(n.reportDate) },
              { label: t('carerecord.note.author'), value: n.automatic ? t('carerecord.note.automatic') : n.authorName, testId: 'note-author' },
              ...(n.updatedAt > n.createdAt ? [{ label: t('carerecord.note.edited'), value: when(n.updatedAt) }] : []),
              ...(n.language ? [{ label: t('carerecord.note.language'), value: careLabel(t, LANGUAGE_KEYS, n.language) }] : []),
            ]}
          />
          <H3 className="hearth-record-subtitle">{t('carerecord.note.original')}</H3>
          <p className="hearth-record-text" lang={n.language || undefined} data-testid="note-text">
            {n.notes}
          </p>
          {translated ? (
            <>
              <H3 className="hearth-record-subtitle">{t('carerecord.note.english')}</H3>
              <p className="hearth-record-text" lang="en" data-testid="note-english">
                {n.englishNotes}
              </p>
            </>
          ) : null}
          {n.addenda?.length ? (
            <>
              <H3 className="hearth-record-subtitle">{t('carerecord.note.addenda')}</H3>
              <ol className="hearth-record-addenda" data-testid="note-addenda">
                {n.addenda.map((a) => (
                  <li key={a.addendumId} data-testid="note-addendum">
                    <div>
                      <strong>{a.authorName}</strong> <span className="hearth-muted">· {when(a.time)}</span>
                    </div>
                    <div>
                      <Tag minimal>{t('carerecord.note.reason')}</Tag> {a.reason}
                    </div>
                    <p className="hearth-record-text">{a.text}</p>
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </div>
        {adding ? (
          <form
            noValidate
            className="hearth-gap-top"
            data-testid="addendum-form"
            onSubmit={(e) => {
              e.preventDefault();
              const found = validateAddendum(draft);
              setErrors(found);
              add.reset();
              if (Object.keys(found).length === 0) add.mutate(draft);
            }}
          >
            <Callout compact className="hearth-gap-bottom">
              {t('carerecord.note.addendumHint')}
            </Callout>
            <FormField id="addendum-reason" label={t('carerecord.note.reason')} required error={message(errors.reason) ?? server.reason}>
              <InputGroup
                id="addendum-reason"
                required
                maxLength={AddendumReasonMax}
                value={draft.reason}
                onValueChange={(v) => setDraft((d) => ({ ...d, reason: v }))}
                data-testid="addendum-reason"
              />
            </FormField>
            <FormField id="addendum-text" label={t('carerecord.note.addendumText')} required error={message(errors.text) ?? server.text}>
              <TextArea
                id="addendum-text"
                fill
                required
                rows={3}
                maxLength={AddendumTextMax}
                value={draft.text}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setDraft((d) => ({ ...d, text: v }));
                }}
                data-testid="addendum-text"
              />
            </FormField>
            <div className="hearth-record-actions">
              <Button onClick={() => setAdding(false)}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={add.isPending} data-testid="addendum-save">
                {t('carerecord.note.saveAddendum')}
              </Button>
            </div>
          </form>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose} data-testid="note-close">
              {t('common.action.close')}
            </Button>
            {editable ? (
              <Button icon={<EditIcon />} onClick={() => onEdit(n)} data-testid="note-edit">
                {t('carerecord.note.edit')}
              </Button>
            ) : null}
            {!adding && !editable ? (
              <Button ref={addButton} icon={<AddIcon />} intent={Intent.PRIMARY} onClick={() => setAdding(true)} data-testid="note-add-addendum">
                {t('carerecord.note.addAddendum')}
              </Button>
            ) : null}
          </>
        }
      />
    </AppDialog>
  );
}
