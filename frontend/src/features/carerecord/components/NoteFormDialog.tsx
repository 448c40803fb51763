import { useState } from 'react';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProgressNote } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRuleMessage } from '@/lib/form/FormField';
import { batchSave, updateNote } from '../api/notes';
import { notesKey } from '../api/keys';
import { unshownMessage, validateNote, type NoteDraft, type NoteErrors } from '../recordRules';
import { NoteFields } from './NoteFields';
import { randomId } from '@/lib/crypto/randomId';

interface NoteFormDialogProps {
  residentId: string;
  /** The note the author edits (within 24 hours); none for a new note. */
  note?: ProgressNote;
  onClose: () => void;
  onSaved: (note: ProgressNote) => void;
}

/** A new note of the resident, or the author's edit of theirs within 24 hours of writing it. */
export function NoteFormDialog({ residentId, note, onClose, onSaved }: NoteFormDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [draft, setDraft] = useState<NoteDraft>({ noteType: note?.noteType ?? '', notes: note?.notes ?? '' });
  const [errors, setErrors] = useState<NoteErrors>({});
  const [clientId] = useState(() => randomId());
  const queryClient = useQueryClient();
  const save = useAppMutation({
    mutationFn: (d: NoteDraft) =>
      note
        ? updateNote({ noteId: note.noteId, noteType: d.noteType, notes: d.notes.trim() })
        : batchSave({ notes: [{ clientId, residentId, noteType: d.noteType, notes: d.notes.trim() }] }).then((r) => r.notes[0]),
    invalidates: [notesKey],
    success: note ? 'carerecord.done.noteUpdated' : 'carerecord.done.noteAdded',
    onSuccess: (saved) => {
      // The note as saved is what its dialog shows next.
      queryClient.setQueryData([...notesKey, 'one', saved.noteId], saved);
      onSaved(saved);
    },
  });
  const server = save.isPending ? {} : fieldErrors(save.error);
  const serverOf = (f: keyof NoteDraft) => server[f] ?? server[`notes[0].${f}`];
  const named = Object.keys(server).length > 0;
  const set = (key: keyof NoteDraft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  return (
    <AppDialog title={t(note ? 'carerecord.note.editTitle' : 'carerecord.note.addTitle')} onClose={onClose} className="hearth-record-dialog">
      <form
        noValidate
        data-testid="note-form"
        onSubmit={(e) => {
          e.preventDefault();
          const found = validateNote(draft);
          setErrors(found);
          save.reset();
          if (Object.keys(found).length === 0) save.mutate(draft);
        }}
      >
        <DialogBody>
          <FormProblem
            message={save.error && !named ? save.error.message : unshownMessage(server, ['noteType', 'notes', 'notes[0].noteType', 'notes[0].notes'])}
          />
          <NoteFields
            id="note"
            draft={draft}
            onChange={set}
            errors={{ noteType: message(errors.noteType) ?? serverOf('noteType'), notes: message(errors.notes) ?? serverOf('notes') }}
            rows={6}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="note-save">
                {t('carerecord.note.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
