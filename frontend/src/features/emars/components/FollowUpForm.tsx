import { useState } from 'react';
import { Button, Intent, TextArea } from '@blueprintjs/core';
import { TickIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PassNoteMax, type MedPass } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { followUpRequest, isQueued, validateFollowUp, type FollowUpDraft, type FollowUpErrors } from '@/lib/emar/passRules';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRevealErrors } from '@/lib/form/useReveal';
import { emarKey } from '../api/keys';
import { prnFollowUp } from '../api/prnFollowUp';

/**
 * Document a PRN dose's effect once: did it help (yes or no), and a note, required when it did not.
 * Someone first (4009): the dialog shows theirs, and the list is refreshed.
 */
export function FollowUpForm({ pass, onDone, onAlready }: { pass: MedPass; onDone: () => void; onAlready: (first: MedPass) => void }) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const queryClient = useQueryClient();
  const { formRef, reveal } = useRevealErrors();
  const [draft, setDraft] = useState<FollowUpDraft>({ effective: '', note: '' });
  const [errors, setErrors] = useState<FollowUpErrors>({});
  const save = useAppMutation({
    mutationFn: prnFollowUp,
    invalidates: [emarKey, sidebarCountsKey],
    success: (answer) => (isQueued(answer) ? 'emars.done.queued' : 'emars.done.followUp'),
    onSuccess: onDone,
    onError: (err) => {
      if (isApiError(err) && err.code === '4009') {
        void queryClient.invalidateQueries({ queryKey: emarKey });
        if (err.data && typeof err.data === 'object' && 'passId' in err.data) onAlready(err.data as MedPass);
        return;
      }
      reveal();
    },
  });
  const server = save.isPending ? {} : fieldErrors(save.error, 'note');
  const id = (k: string) => `follow-up-${k}-${pass.passId}`;
  const noteError = message(errors.note) ?? server.note;
  const effectiveError = message(errors.effective) ?? server.effective;
  const submit = () => {
    const found = validateFollowUp(draft);
    setErrors(found);
    save.reset();
    if (Object.keys(found).length > 0) {
      reveal();
      return;
    }
    save.mutate(followUpRequest(draft, pass.passId));
  };
  return (
    <form
      ref={formRef}
      noValidate
      className="hearth-follow-up-form"
      data-testid="follow-up-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormProblem message={Object.keys(errors).length > 0 ? t('emars.fix') : undefined} />
      <fieldset className="hearth-outcome-choice" aria-describedby={effectiveError ? `${id('effective')}-error` : undefined}>
        <legend>{t('emars.followUp.effective')}</legend>
        <div className="hearth-outcome-options">
          {(['yes', 'no'] as const).map((v, i) => (
            <label key={v} className={`hearth-outcome-option is-${v === 'yes' ? 'given' : 'refused'}`}>
              <input
                id={i === 0 ? id('effective') : undefined}
                type="radio"
                name={id('effective')}
                value={v}
                checked={draft.effective === v}
                onChange={() => setDraft((d) => ({ ...d, effective: v }))}
                data-testid={`follow-up-${v}`}
              />
              <span>{v === 'yes' ? t('emars.followUp.yes') : t('emars.followUp.no')}</span>
            </label>
          ))}
        </div>
        {effectiveError ? (
          <p id={`${id('effective')}-error`} className="hearth-field-error" role="alert" data-field-error={id('effective')}>
            {effectiveError}
          </p>
        ) : null}
      </fieldset>
      <FormField id={id('note')} label={t('emars.followUp.note')} required={draft.effective === 'no'} error={noteError}>
        <TextArea
          id={id('note')}
          fill
          rows={2}
          required={draft.effective === 'no'}
          maxLength={PassNoteMax}
          value={draft.note}
          intent={noteError ? Intent.DANGER : Intent.NONE}
          onChange={(e) => {
            const note = e.currentTarget.value;
            setDraft((d) => ({ ...d, note }));
          }}
          data-testid="follow-up-note"
        />
      </FormField>
      <Button type="submit" intent={Intent.PRIMARY} size="large" icon={<TickIcon />} loading={save.isPending} data-testid="follow-up-save">
        {t('emars.followUp.save')}
      </Button>
    </form>
  );
}
