import { useState } from 'react';
import { Button, Checkbox, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ShiftType } from '@/types/api.gen';
import { ShiftStaffMax, ShiftTypeNameMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { Select } from '@/components/Select';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRevealErrors } from '@/lib/form/useReveal';
import { currentLanguage } from '@/lib/i18n';
import { shiftKey } from '../api/keys';
import { saveShiftType } from '../api/shiftTypes';
import { CREDENTIAL_KEYS, minutesText, shiftHoursText } from '../shiftLabels';
import { emptyShiftType, shiftMinutes, shiftTypeDraft, shiftTypeRequest, validateShiftType, type ShiftTypeDraft, type ShiftTypeErrors } from '../shiftRules';

const CREDENTIALS = Object.keys(CREDENTIAL_KEYS) as (keyof typeof CREDENTIAL_KEYS)[];

interface Props {
  /** The type to edit; undefined for a new one. */
  shiftType?: ShiftType;
  /** The facility's other types (a name is unique in the facility). */
  others: readonly ShiftType[];
  onClose: () => void;
}

/**
 * A shift type's editor (issue 19): name, start and end on the facility's clock (an end at or before the
 * start is the next day: a night shift), colour, the caregivers needed, and a credential each must hold.
 */
export function ShiftTypeDialog({ shiftType, others, onClose }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const message = useRuleMessage();
  const { formRef, reveal } = useRevealErrors();
  const [draft, setDraft] = useState<ShiftTypeDraft>(() => (shiftType ? shiftTypeDraft(shiftType) : emptyShiftType()));
  const [errors, setErrors] = useState<ShiftTypeErrors>({});
  // A field's message goes once the field is changed; the next Save checks everything again.
  const set = (patch: Partial<ShiftTypeDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof ShiftTypeDraft];
      return next;
    });
  };
  const check = () => {
    const found = validateShiftType(draft, others);
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    reveal();
    return false;
  };
  const errorOf = (f: keyof ShiftTypeDraft) => message(errors[f]);
  const problem = Object.keys(errors).length > 0 ? t('shifts.form.fixFields') : undefined;
  const save = useAppMutation({
    mutationFn: (d: ShiftTypeDraft) => saveShiftType(shiftTypeRequest(d)),
    invalidates: [shiftKey],
    success: shiftType ? 'shifts.done.typeUpdated' : 'shifts.done.typeCreated',
    onSuccess: onClose,
  });
  const server = save.isPending ? {} : fieldErrors(save.error);
  const err = (f: keyof ShiftTypeDraft) => errorOf(f) ?? server[f];
  const serverOther = Object.entries(server).find(([f]) => !(f in draft))?.[1];
  const timesOk = /^\d{2}:\d{2}$/.test(draft.startTime) && /^\d{2}:\d{2}$/.test(draft.endTime);

  return (
    <AppDialog title={t(shiftType ? 'shifts.form.editTitle' : 'shifts.form.newTitle')} onClose={onClose} className="hearth-shift-dialog">
      <form
        ref={formRef}
        noValidate
        data-testid="shift-type-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.reset();
          if (check()) save.mutate(draft);
        }}
      >
        <DialogBody>
          <FormProblem message={problem ?? serverOther} />
          <FormField id="shift-type-name" label={t('shifts.field.name')} required error={err('name')}>
            <InputGroup
              id="shift-type-name"
              required
              maxLength={ShiftTypeNameMax}
              value={draft.name}
              intent={err('name') ? Intent.DANGER : Intent.NONE}
              onValueChange={(v) => set({ name: v })}
            />
          </FormField>
          <div className="hearth-shift-form-row">
            <FormField id="shift-type-start" label={t('shifts.field.start')} required error={err('startTime')}>
              <TimeOfDayInput
                id="shift-type-start"
                required
                value={draft.startTime}
                intent={err('startTime') ? Intent.DANGER : Intent.NONE}
                onChange={(v) => set({ startTime: v })}
              />
            </FormField>
            <FormField id="shift-type-end" label={t('shifts.field.end')} required error={err('endTime')}>
              <TimeOfDayInput
                id="shift-type-end"
                required
                value={draft.endTime}
                intent={err('endTime') ? Intent.DANGER : Intent.NONE}
                onChange={(v) => set({ endTime: v })}
              />
            </FormField>
          </div>
          {timesOk ? (
            <p className="hearth-muted" data-testid="shift-type-hours" aria-live="polite">
              {t('shifts.form.hoursPreview', {
                hours: shiftHoursText(t, draft.startTime, draft.endTime, language),
                length: minutesText(t, shiftMinutes(draft.startTime, draft.endTime)),
              })}
            </p>
          ) : null}
          <div className="hearth-shift-form-row">
            <FormField id="shift-type-color" label={t('shifts.field.color')} required error={err('color')}>
              <input
                id="shift-type-color"
                type="color"
                className="hearth-shift-color-input"
                value={draft.color}
                onChange={(e) => set({ color: e.currentTarget.value })}
              />
            </FormField>
            <FormField
              id="shift-type-staff"
              label={t('shifts.field.minStaff')}
              required
              error={err('minStaff')}
              hint={t('shifts.form.minStaffHint', { max: ShiftStaffMax })}
            >
              <InputGroup
                id="shift-type-staff"
                required
                inputMode="numeric"
                autoComplete="off"
                value={draft.minStaff}
                intent={err('minStaff') ? Intent.DANGER : Intent.NONE}
                onValueChange={(v) => set({ minStaff: v })}
              />
            </FormField>
          </div>
          <FormField id="shift-type-credential" label={t('shifts.field.credential')} error={err('requiredCredential')} hint={t('shifts.form.credentialHint')}>
            <Select id="shift-type-credential" fill value={draft.requiredCredential} onChange={(e) => set({ requiredCredential: e.currentTarget.value })}>
              <option value="">{t('shifts.form.noCredential')}</option>
              {CREDENTIALS.map((c) => (
                <option key={c} value={c}>
                  {t(CREDENTIAL_KEYS[c])}
                </option>
              ))}
            </Select>
          </FormField>
          {shiftType ? (
            <Checkbox checked={draft.active} onChange={(e) => set({ active: e.currentTarget.checked })} label={t('shifts.field.active')} />
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="shift-type-save">
                {t('shifts.form.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
