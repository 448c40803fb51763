import { useState } from 'react';
import { Button, Callout, Checkbox, DialogBody, DialogFooter, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { CrossIcon, InfoSignIcon, PlusIcon, RefreshIcon, TimeIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileItem, Medication } from '@/types/api.gen';
import { CodeConflict, MedicationDoseMax, MedicationSNF, PassReasonMax, SlidingScaleStepsMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { MedicationFields } from '@/components/care/MedicationFields';
import { DateInput } from '@/components/DateInput';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { deleteFile } from '@/lib/files/api/deleteFile';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { hasTimes } from '@/lib/care/medicationForm';
import { careCodesOf, careLabel } from '@/lib/care/taskLabels';
import { VITAL_KEYS } from '@/lib/emar/emarLabels';
import { VITAL_RANGES } from '@/lib/emar/vitals';
import { FormField } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useDraftForm } from '@/lib/form/useDraftForm';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { orderChangeKeys } from '../api/keys';
import { useRoutineTime } from '@/lib/api/routineTime';
import { saveMedication } from '../api/saveMedication';
import {
  addTime,
  changedOrder,
  draftField,
  emptyOrder,
  newRowKey,
  ORDER_WORDS,
  orderDraftOf,
  orderRequest,
  reloadedDraft,
  sessionStarts,
  validateOrder,
  type OrderDraft,
} from '../orderDraft';
import { VerificationFileField } from './VerificationFileField';

interface OrderFormDialogProps {
  residentId: string;
  /** The order to change; undefined for a new one. */
  order?: Medication;
  /** Today in the facility's zone (YYYY-MM-DD). */
  today: string;
  /** The facility's zone code: when someone else changed the order, on the facility's clock. */
  zoneCode: string | undefined;
  onClose: () => void;
}

const SCALE_LABELS = { from: 'medications.form.scaleFrom', to: 'medications.form.scaleTo', dose: 'medications.form.scaleDose' } as const;

/** A routine session's short name, for the buttons that add its start time. */
const SESSION_SHORT_KEYS = {
  MORNING: 'medications.session.morning',
  MIDDAY: 'medications.session.midday',
  AFTERNOON: 'medications.session.afternoon',
  EVENING: 'medications.session.evening',
  NIGHT: 'medications.session.night',
  MIDNIGHT: 'medications.session.midnight',
} as const;

/**
 * A medication order (spec 000 §3 "Medication" and the eMAR's part): name, type (routine, PRN, SNF — nurse
 * delegation or a licensed nurse), dose, route (one of 23), frequency as prescribed, times of day (typed,
 * or a routine session's start), start and end, instructions, diagnosis, Rx number and prescriber;
 * controlled; the hold parameter (a vital and the limits outside which the dose is held); a sliding scale;
 * and the change's record: the logged call, the date the prescriber ordered it and the written order.
 * A change is saved on the version the form was opened on: when someone changed the order meanwhile (4009),
 * the form says who and when, and offers to reload their version (keeping the typed logged call and date).
 */
export function OrderFormDialog({ residentId, order, today, zoneCode, onClose }: OrderFormDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const isNew = !order;
  const form = useDraftForm<OrderDraft>(() => (order ? orderDraftOf(order, today) : emptyOrder(today)), {
    validate: validateOrder,
    problem: t('medications.form.fixErrors'),
  });
  const { draft, check, problem, formRef, reveal } = form;
  // A field's message goes once the field is changed; the next save checks everything again.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const set = (patch: Partial<OrderDraft>, fields: string[] = Object.keys(patch)) => {
    form.set(patch);
    setEdited((e) => new Set([...e, ...fields, ...(patch.vital !== undefined ? ['vital', 'holdBelow', 'holdAbove'] : [])]));
  };
  const [file, setFile] = useState<FileItem | null>(null);
  // Closed without saving: the written order uploaded for it is not kept.
  const cancel = () => {
    if (file) void deleteFile({ fileId: file.fileId }).catch(() => undefined);
    onClose();
  };
  const routine = useRoutineTime(hasTimes(draft.type));
  const save = useAppMutation({
    mutationFn: (d: OrderDraft) => saveMedication(orderRequest(d, residentId, file?.fileId)),
    invalidates: orderChangeKeys,
    success: isNew ? 'medications.done.created' : 'medications.done.changed',
    onSuccess: () => onClose(),
    onError: (err) => {
      // Someone changed it meanwhile: the schedule behind the dialog shows their version too.
      if (changedOrder(err)) for (const queryKey of orderChangeKeys) void queryClient.invalidateQueries({ queryKey });
      reveal();
    },
  });
  const changed = save.isPending ? undefined : changedOrder(save.error);
  // Another refusal of the order's state (discontinued meanwhile, the resident moved out): the server's words.
  const refused = !changed && isApiError(save.error) && save.error.code === CodeConflict ? save.error.message : undefined;
  const reload = (current: Medication) => {
    form.set(reloadedDraft(current, draft, today));
    setEdited(new Set());
    save.reset();
  };
  const server: Record<string, string> = {};
  if (!save.isPending) for (const [f, m] of Object.entries(fieldErrors(save.error))) server[draftField(f)] = m;
  const err = (field: string) => (edited.has(field) ? undefined : (form.errorOf(field) ?? server[field]));
  const serverProblem = save.error && Object.keys(server).length > 0 ? t('medications.form.fixErrors') : undefined;

  const limit = (field: 'holdBelow' | 'holdAbove', label: string) => {
    const id = `order-${field}`;
    const e = err(field);
    return (
      <FormField id={id} label={label} error={e}>
        <InputGroup
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={draft[field]}
          intent={e ? Intent.DANGER : Intent.NONE}
          aria-invalid={e ? true : undefined}
          onChange={(ev) => set({ [field]: ev.currentTarget.value })}
          data-testid={id}
        />
      </FormField>
    );
  };

  const range = draft.vital ? VITAL_RANGES[draft.vital] : undefined;
  const starts = sessionStarts(routine.data);
  const title = isNew ? t('medications.form.titleNew') : t('medications.form.titleEdit', { name: order.name });
  return (
    <AppDialog title={title} onClose={cancel} className="hearth-med-dialog">
      <form
        ref={formRef}
        noValidate
        data-testid="order-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.reset();
          setEdited(new Set());
          if (check()) save.mutate(draft);
        }}
      >
        <DialogBody>
          <FormProblem message={problem ?? serverProblem ?? refused} testId="order-form-problem" />
          {changed ? (
            <Callout intent={Intent.WARNING} icon={<WarningSignIcon />} role="alert" className="hearth-gap-bottom" data-testid="order-changed">
              <p>
                {t('medications.form.changedBy', {
                  name: changed.updatedByName || t('medications.form.someone'),
                  time: formatDateTime(changed.updateTime, zoneCode, language),
                })}
              </p>
              <Button icon={<RefreshIcon />} onClick={() => reload(changed)} data-testid="order-reload">
                {t('medications.form.reload')}
              </Button>
            </Callout>
          ) : null}
          <MedicationFields
            idPrefix="order"
            words={ORDER_WORDS}
            draft={draft}
            onChange={set}
            errorOf={err}
            timesClassName="hearth-med-times"
            afterDose={
              draft.type === MedicationSNF ? (
                <Callout compact icon={<InfoSignIcon />} intent={Intent.WARNING} className="hearth-form-wide hearth-gap-bottom" data-testid="order-snf-note">
                  {t('medications.form.snfNote')}
                </Callout>
              ) : null
            }
            timeActions={starts.map((s) => (
              <Button
                key={s.session}
                variant="outlined"
                icon={<TimeIcon />}
                onClick={() => set({ times: addTime(draft.times, s.time) })}
                data-testid={`order-session-${s.session}`}
              >
                {t('medications.form.sessionTime', {
                  session: careLabel(t, SESSION_SHORT_KEYS, s.session),
                  time: formatTimeOfDay(s.time, language),
                })}
              </Button>
            ))}
            withoutTimes={<p className="hearth-muted hearth-form-wide">{t('medications.form.prnNoTimes')}</p>}
            after={
              <Checkbox
                className="hearth-form-wide"
                checked={draft.controlled}
                onChange={(e) => set({ controlled: e.currentTarget.checked })}
                labelElement={
                  <>
                    {t('medications.form.controlled')} <span className="hearth-muted">{t('medications.form.controlledHint')}</span>
                  </>
                }
                data-testid="order-controlled"
              />
            }
          />

          <fieldset className="hearth-med-fieldset">
            <legend>{t('medications.form.holdTitle')}</legend>
            <p className="hearth-muted">{t('medications.form.holdHint')}</p>
            <div className="hearth-form-grid">
              <FormField id="order-vital" label={t('medications.form.vital')} error={err('vital')}>
                <Select
                  id="order-vital"
                  fill
                  value={draft.vital}
                  onChange={(e) => set({ vital: e.currentTarget.value })}
                  options={[
                    { value: '', label: t('medications.form.vitalNone') },
                    ...careCodesOf(VITAL_KEYS).map((c) => ({ value: c, label: careLabel(t, VITAL_KEYS, c) })),
                  ]}
                  data-testid="order-vital"
                />
              </FormField>
              {draft.vital ? (
                <>
                  {limit('holdBelow', t('medications.form.holdBelow'))}
                  {limit('holdAbove', t('medications.form.holdAbove'))}
                  {range ? <p className="hearth-muted hearth-form-wide">{t('medications.form.range', { min: range[0], max: range[1] })}</p> : null}
                </>
              ) : null}
            </div>
            {draft.vital ? (
              <div className="hearth-med-scale" data-testid="order-scale">
                <h3 className="hearth-med-subtitle">{t('medications.form.scaleTitle')}</h3>
                <p className="hearth-muted">{t('medications.form.scaleHint')}</p>
                {err('scale') ? (
                  <p className="hearth-med-error" role="alert" data-field-error="order-scale">
                    {err('scale')}
                  </p>
                ) : null}
                {draft.scale.map((row, i) => (
                  <div key={row.key} className="hearth-med-scale-row" role="group" aria-label={t('medications.form.scaleRow', { n: i + 1 })}>
                    {(['from', 'to', 'dose'] as const).map((part) => {
                      const id = `order-scale-${i}-${part}`;
                      const e = err(`scale.${i}.${part}`);
                      return (
                        <FormField key={part} id={id} label={t(SCALE_LABELS[part])} error={e}>
                          <InputGroup
                            id={id}
                            inputMode={part === 'dose' ? 'text' : 'decimal'}
                            autoComplete="off"
                            maxLength={part === 'dose' ? MedicationDoseMax : undefined}
                            value={row[part]}
                            intent={e ? Intent.DANGER : Intent.NONE}
                            onChange={(ev) => {
                              const value = ev.currentTarget.value;
                              set({ scale: draft.scale.map((r, j) => (j === i ? { ...r, [part]: value } : r)) }, [`scale.${i}.${part}`]);
                            }}
                            data-testid={id}
                          />
                        </FormField>
                      );
                    })}
                    <Button
                      variant="minimal"
                      icon={<CrossIcon />}
                      aria-label={t('medications.form.scaleRemove', { n: i + 1 })}
                      onClick={() => set({ scale: draft.scale.filter((_, j) => j !== i) }, ['scale'])}
                    />
                  </div>
                ))}
                {draft.scale.length < SlidingScaleStepsMax ? (
                  <Button
                    icon={<PlusIcon />}
                    onClick={() => set({ scale: [...draft.scale, { key: newRowKey(), from: '', to: '', dose: '' }] })}
                    data-testid="order-scale-add"
                  >
                    {t('medications.form.scaleAdd')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </fieldset>

          <fieldset className="hearth-med-fieldset">
            <legend>{isNew ? t('medications.form.recordTitleNew') : t('medications.form.recordTitleEdit')}</legend>
            <div className="hearth-form-grid">
              <FormField id="order-changeNote" label={t('medications.form.changeNote')} error={err('changeNote')} hint={t('medications.form.changeNoteHint')} className="hearth-form-wide">
                <TextArea
                  id="order-changeNote"
                  fill
                  autoResize
                  rows={2}
                  value={draft.changeNote}
                  maxLength={PassReasonMax}
                  intent={err('changeNote') ? Intent.DANGER : Intent.NONE}
                  onChange={(ev) => set({ changeNote: ev.currentTarget.value })}
                  data-testid="order-changeNote"
                />
              </FormField>
              <FormField id="order-changeDate" label={t('medications.form.changeDate')} error={err('changeDate')}>
                <DateInput
                  id="order-changeDate"
                  value={draft.changeDate}
                  intent={err('changeDate') ? Intent.DANGER : Intent.NONE}
                  onChange={(changeDate) => set({ changeDate })}
                />
              </FormField>
              <VerificationFileField id="order-file" file={file} onChange={setFile} />
            </div>
          </fieldset>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={cancel}>{t('medications.form.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="order-save">
                {isNew ? t('medications.form.create') : t('medications.form.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
