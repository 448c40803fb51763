import { useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DisposalDueItem, Medication, MedicationDisposal } from '@/types/api.gen';
import { DisposalMethodOther, DisposalReasonOther, MedicationDiscontinued } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DateTimeInput } from '@/components/DateTimeInput';
import { DetailList } from '@/components/DetailList';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { MEDICATION_TYPE_KEYS, ROUTE_KEYS } from '@/lib/care/medicationLabels';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { currentLanguage } from '@/lib/i18n';
import { timeZoneLabel } from '@/lib/i18n/labels';

import { formatCalendarDate } from '@/lib/time/dateTime';
import { disposalKey } from '../api/keys';
import { useResidentMedications } from '../api/listMedications';
import { quickCreateDisposal } from '../api/quickCreate';
import { saveDisposal } from '../api/save';
import { KIND_KEYS, METHOD_KEYS, REASON_KEYS, REASON_TEXT_KEYS, labelOf } from '../disposalLabels';
import {
  CUSTOM_TEXT_MAX,
  draftFromDue,
  draftFromRecord,
  emptyDraft,
  medicationChoices,
  PILLS_MAX,
  PILLS_MIN,
  quickRequest,
  REMARKS_MAX,
  saveRequest,
  serverErrors,
  validateDisposal,
  type DisposalDraft,
  type DisposalErrors,
} from '../disposalRules';
import { serverNow } from '@/lib/time/serverClock';

/** What the dialog is for: a new record, an edit of one, or the disposal of a due item (quick create). */
export type DisposalFormMode = { kind: 'new' } | { kind: 'edit'; record: MedicationDisposal } | { kind: 'quick'; item: DisposalDueItem };

interface DisposalFormDialogProps {
  mode: DisposalFormMode;
  residentId: string;
  /** The facility's zone code (PT, ET, ...) and its IANA zone: the time is typed on its wall clock. */
  zoneCode: string | undefined;
  zone: string | undefined;
  onClose: () => void;
  onDone: (record: MedicationDisposal) => void;
}

const METHODS = Object.keys(METHOD_KEYS) as (keyof typeof METHOD_KEYS)[];
const REASONS = Object.keys(REASON_KEYS) as (keyof typeof REASON_KEYS)[];

/**
 * The disposal form (spec 000 §5): the medication (one of the resident's, current or discontinued; fixed in
 * a quick create), how (with the words of another method), why (with the words of another reason), when on
 * the facility's clock, and how many pills. The order being disposed of is shown as it will be copied.
 */
export function DisposalFormDialog({ mode, residentId, zoneCode, zone, onClose, onDone }: DisposalFormDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const message = useRuleMessage();
  const meds = useResidentMedications(residentId, mode.kind !== 'quick');
  const [draft, setDraft] = useState<DisposalDraft>(() => {
    const now = serverNow();
    if (mode.kind === 'edit') return draftFromRecord(mode.record, zone);
    if (mode.kind === 'quick') {
      const key = REASON_TEXT_KEYS[mode.item.kind as keyof typeof REASON_TEXT_KEYS];
      const words = key ? t(key, { date: formatCalendarDate(mode.item.since, language) }) : '';
      return draftFromDue(mode.item, now, zone, words);
    }
    return emptyDraft(now, zone);
  });
  const [errors, setErrors] = useState<DisposalErrors>({});
  // A field's message goes once the field is changed; the next Save checks everything again.
  const set = <K extends keyof DisposalDraft>(key: K, value: DisposalDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const save = useAppMutation({
    mutationFn: (d: DisposalDraft) =>
      mode.kind === 'quick'
        ? quickCreateDisposal(quickRequest(d, zone))
        : saveDisposal(saveRequest(d, residentId, zone, mode.kind === 'edit' ? mode.record : undefined)),
    invalidates: [disposalKey],
    success: mode.kind === 'edit' ? 'disposal.done.updated' : 'disposal.done.saved',
    onSuccess: (record) => onDone(record),
  });
  const server = save.isPending ? {} : serverErrors(fieldErrors(save.error));
  const err = (f: keyof DisposalDraft) => message(errors[f]) ?? server[f];

  const submit = () => {
    const found = validateDisposal(draft, serverNow(), zone);
    setErrors(found);
    save.reset();
    if (Object.keys(found).length === 0) save.mutate(draft);
  };

  const choices = medicationChoices(meds.data ?? []);
  const chosen: Medication | undefined = choices.find((m) => m.medicationId === draft.medicationId);
  const title =
    mode.kind === 'quick'
      ? t('disposal.form.titleQuick', { name: mode.item.medicationName })
      : t(mode.kind === 'edit' ? 'disposal.form.titleEdit' : 'disposal.form.titleNew');

  return (
    <AppDialog title={title} onClose={onClose} className="hearth-disposal-dialog">
      <form
        noValidate
        data-testid="disposal-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          {mode.kind === 'quick' ? (
            <Callout compact className="hearth-gap-bottom" data-testid="disposal-quick-medication">
              <strong>
                {mode.item.medicationName} {mode.item.dose}
              </strong>
              {' · '}
              {labelOf(t, ROUTE_KEYS, mode.item.route)}
              <div>
                {t(KIND_KEYS[mode.item.kind as keyof typeof KIND_KEYS] ?? KIND_KEYS.DISCONTINUED, {
                  date: formatCalendarDate(mode.item.since, language),
                })}
              </div>
            </Callout>
          ) : (
            <FormField id="disposal-medication" label={t('disposal.form.medication')} required error={err('medicationId')}>
              <Select
                id="disposal-medication"
                fill
                value={draft.medicationId}
                required
                onChange={(e) => set('medicationId', e.currentTarget.value)}
                aria-invalid={err('medicationId') ? true : undefined}
              >
                <option value="">{t('disposal.form.chooseMedication')}</option>
                {choices.map((m) => (
                  <option key={m.medicationId} value={m.medicationId}>
                    {m.status === MedicationDiscontinued ? t('disposal.form.discontinued', { name: m.name, dose: m.dose }) : `${m.name} ${m.dose}`}
                  </option>
                ))}
              </Select>
              {meds.isSuccess && choices.length === 0 ? <p className="hearth-muted">{t('disposal.form.noMedications')}</p> : null}
            </FormField>
          )}
          {chosen ? (
            <div className="hearth-gap-bottom" data-testid="disposal-order">
              <p className="hearth-muted">{t('disposal.form.order')}</p>
              <DetailList
                rows={[
                  { label: t('disposal.field.medicationType'), value: labelOf(t, MEDICATION_TYPE_KEYS, chosen.type) },
                  { label: t('disposal.field.dose'), value: chosen.dose },
                  { label: t('disposal.field.route'), value: labelOf(t, ROUTE_KEYS, chosen.route) },
                  ...(chosen.rxNumber ? [{ label: t('disposal.field.rxNumber'), value: chosen.rxNumber }] : []),
                  ...(chosen.instructions ? [{ label: t('disposal.field.instructions'), value: chosen.instructions }] : []),
                ]}
              />
            </div>
          ) : null}
          <div className="hearth-disposal-form-row">
            <FormField id="disposal-method" label={t('disposal.form.method')} required error={err('disposalMethod')}>
              <Select
                id="disposal-method"
                fill
                required
                value={draft.disposalMethod}
                onChange={(e) => set('disposalMethod', e.currentTarget.value)}
                aria-invalid={err('disposalMethod') ? true : undefined}
              >
                <option value="">{t('disposal.form.chooseMethod')}</option>
                {METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(METHOD_KEYS[m])}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="disposal-reason" label={t('disposal.form.reason')} required error={err('disposalReason')}>
              <Select
                id="disposal-reason"
                fill
                required
                value={draft.disposalReason}
                onChange={(e) => set('disposalReason', e.currentTarget.value)}
                aria-invalid={err('disposalReason') ? true : undefined}
              >
                <option value="">{t('disposal.form.chooseReason')}</option>
                {REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(REASON_KEYS[r])}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          {draft.disposalMethod === DisposalMethodOther ? (
            <FormField id="disposal-custom-method" label={t('disposal.form.customMethod')} required error={err('customMethod')}>
              <InputGroup
                id="disposal-custom-method"
                required
                maxLength={CUSTOM_TEXT_MAX}
                value={draft.customMethod}
                intent={err('customMethod') ? Intent.DANGER : Intent.NONE}
                onValueChange={(v) => set('customMethod', v)}
              />
            </FormField>
          ) : null}
          {draft.disposalReason === DisposalReasonOther ? (
            <FormField id="disposal-custom-reason" label={t('disposal.form.customReason')} required error={err('customReason')}>
              <InputGroup
                id="disposal-custom-reason"
                required
                maxLength={CUSTOM_TEXT_MAX}
                value={draft.customReason}
                intent={err('customReason') ? Intent.DANGER : Intent.NONE}
                onValueChange={(v) => set('customReason', v)}
              />
            </FormField>
          ) : null}
          <div className="hearth-disposal-form-row">
            <FormField
              id="disposal-time"
              label={t('disposal.form.time')}
              required
              error={err('disposalTime')}
              hint={zone ? t('disposal.form.timeHint', { zone: timeZoneLabel(t, zoneCode) }) : undefined}
            >
              <DateTimeInput
                id="disposal-time"
                label={t('disposal.form.time')}
                required
                value={draft.disposalTime}
                intent={err('disposalTime') ? Intent.DANGER : Intent.NONE}
                onChange={(v) => set('disposalTime', v)}
              />
            </FormField>
            <FormField
              id="disposal-pills"
              label={t('disposal.form.pills')}
              required
              error={err('pillsNumber')}
              hint={t('disposal.form.pillsHint', { min: PILLS_MIN, max: PILLS_MAX })}
            >
              <InputGroup
                id="disposal-pills"
                required
                inputMode="numeric"
                autoComplete="off"
                value={draft.pillsNumber}
                intent={err('pillsNumber') ? Intent.DANGER : Intent.NONE}
                onValueChange={(v) => set('pillsNumber', v)}
              />
            </FormField>
          </div>
          <FormField id="disposal-remarks" label={t('disposal.form.remarks')} error={err('remarks')}>
            <TextArea
              id="disposal-remarks"
              fill
              rows={2}
              maxLength={REMARKS_MAX}
              value={draft.remarks}
              onChange={(e) => set('remarks', e.currentTarget.value)}
            />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('disposal.form.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="disposal-save">
                {t('disposal.form.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
