import { useState } from 'react';
import { Button, Intent, TextArea } from '@blueprintjs/core';
import { ConfirmIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { PassNoteMax, type MedPass } from '@/types/api.gen';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { FormField } from '@/lib/form/FormField';
import { clearColour } from '../api/clearColour';
import { emarKey } from '../api/keys';

/**
 * Owners and admins acknowledge a red item with a note (clearColourByStatusId, audited): it stops counting
 * as overdue and stays in the record as never logged.
 */
export function AcknowledgeForm({ pass, onDone }: { pass: MedPass; onDone: () => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const save = useAppMutation({
    mutationFn: clearColour,
    invalidates: [emarKey, sidebarCountsKey],
    success: 'emars.done.acknowledged',
    onSuccess: onDone,
  });
  const id = `ack-note-${pass.passId}`;
  const server: Record<string, string> = save.isPending ? {} : fieldErrors(save.error, 'note');
  const error = missing ? t('emars.ack.noteRequired') : server.note;
  return (
    <form
      noValidate
      className="hearth-ack-form"
      data-testid="ack-form"
      onSubmit={(e) => {
        e.preventDefault();
        const trimmed = note.trim();
        setMissing(trimmed === '');
        save.reset();
        if (trimmed !== '') save.mutate({ statusId: pass.passId, note: trimmed });
      }}
    >
      <h3 className="hearth-pass-section-title">{t('emars.ack.title')}</h3>
      <FormField id={id} label={t('emars.ack.note')} required error={error} hint={t('emars.ack.hint')}>
        <TextArea
          id={id}
          fill
          rows={2}
          required
          maxLength={PassNoteMax}
          value={note}
          intent={error ? Intent.DANGER : Intent.NONE}
          onChange={(e) => setNote(e.currentTarget.value)}
          data-testid="ack-note"
        />
      </FormField>
      <Button type="submit" icon={<ConfirmIcon />} loading={save.isPending} data-testid="ack-save">
        {t('emars.ack.save')}
      </Button>
    </form>
  );
}
