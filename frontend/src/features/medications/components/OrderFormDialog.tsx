import { useState } from 'react';
import { Button, Callout, Checkbox, DialogBody, DialogFooter, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { CrossIcon, InfoSignIcon, PlusIcon, TimeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { FileItem, Medication } from '@/types/api.gen';
import {
  DetailsMax,
  MedicationDoseMax,
  MedicationNameMax,
  MedicationSNF,
  MedicationTimesMax,
  PassReasonMax,
  PersonNameMax,
  ShortTextMax,
  SlidingScaleStepsMax,
  SubDetailsMax,
} from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DateInput } from '@/components/DateInput';
import { Select } from '@/components/Select';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { deleteFile } from '@/lib/files/api/deleteFile';
import { useAppMutation } from '@/lib/api/mutation';
import { careCodesOf, careLabel } from '@/lib/care/taskLabels';
import { MEDICATION_TYPE_KEYS, ROUTE_KEYS, VITAL_KEYS } from '@/lib/emar/emarLabels';
import { VITAL_RANGES } from '@/lib/emar/vitals';
import { FormField } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useDraftForm } from '@/lib/form/useDraftForm';
import { currentLanguage } from '@/lib/i18n';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { orderChangeKeys } from '../api/keys';
import { useRoutineSessions } from '../api/getRoutineTime';
import { saveMedication } from '../api/saveMedication';
import { addTime, draftField, emptyOrder, hasTimes, newRowKey, orderDraftOf, orderRequest, sessionStarts, validateOrder, type OrderDraft } from '../orderDraft';
import { VerificationFileField } from './VerificationFileField';

interface OrderFormDialogProps {
  residentId: string;
  /** The order to change; undefined for a new one. */
  order?: Medication;
  /** Today in the facility's zone (YYYY-MM-DD). */
  today: string;
  onClose: () => void;
}

type TextField = 'name' | 'dose' | 'frequency' | 'rxNumber' | 'physician';

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
 */
export function OrderFormDialog({ residentId, order, today, onClose }: OrderFormDialogProps) {
  const { t } = useTranslation();
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
  const routine = useRoutineSessions(hasTimes(draft.type));
  const save = useAppMutation({
    mutationFn: (d: OrderDraft) => saveMedication(orderRequest(d, residentId, file?.fileId)),
    invalidates: orderChangeKeys,
    success: isNew ? 'medications.done.created' : 'medications.done.changed',
    onSuccess: () => onClose(),
    onError: () => reveal(),
  });
  const server: Record<string, string> = {};
  if (!save.isPending) for (const [f, m] of Object.entries(fieldErrors(save.error))) server[draftField(f)] = m;
  const err = (field: string) => (edited.has(field) ? undefined : (form.errorOf(field) ?? server[field]));
  const serverProblem = save.error && Object.keys(server).length > 0 ? t('medications.form.fixErrors') : undefined;

  const text = (field: TextField, label: string, max: number, required = false, wide = false) => {
    const id = `order-${field}`;
    const e = err(field);
    return (
      <FormField id={id} label={label} required={required} error={e} className={wide ? 'hearth-form-wide' : undefined}>
        <InputGroup
          id={id}
          required={required}
          value={draft[field]}
          maxLength={max}
          intent={e ? Intent.DANGER : Intent.NONE}
          aria-invalid={e ? true : undefined}
          onChange={(ev) => set({ [field]: ev.currentTarget.value })}
          data-testid={id}
        />
      </FormField>
    );
  };
  const area = (field: 'instructions' | 'diagnosis' | 'changeNote', label: string, max: number, hint?: string) => {
    const id = `order-${field}`;
    const e = err(field);
    return (
      <FormField id={id} label={label} error={e} hint={hint} className="hearth-form-wide">
        <TextArea
          id={id}
          fill
          autoResize
          rows={2}
          value={draft[field]}
          maxLength={max}
          intent={e ? Intent.DANGER : Intent.NONE}
          onChange={(ev) => set({ [field]: ev.currentTarget.value })}
          data-testid={id}
        />
      </FormField>
    );
  };
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
  const timesError = err('times');
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
          <FormProblem message={problem ?? serverProblem} testId="order-form-problem" />
          <div className="hearth-form-grid">
            {text('name', t('medications.form.name'), MedicationNameMax, true, true)}
            <FormField id="order-type" label={t('medications.form.type')} required>
              <Select
                id="order-type"
                fill
                required
                value={draft.type}
                onChange={(e) => set({ type: e.currentTarget.value })}
                options={careCodesOf(MEDICATION_TYPE_KEYS).map((c) => ({ value: c, label: careLabel(t, MEDICATION_TYPE_KEYS, c) }))}
                data-testid="order-type"
              />
            </FormField>
            {text('dose', t('medications.form.dose'), MedicationDoseMax, true)}
            {draft.type === MedicationSNF ? (
              <Callout compact icon={<InfoSignIcon />} intent={Intent.WARNING} className="hearth-form-wide hearth-gap-bottom" data-testid="order-snf-note">
                {t('medications.form.snfNote')}
              </Callout>
            ) : null}
            <FormField id="order-route" label={t('medications.form.route')} required error={err('route')}>
              <Select
                id="order-route"
                fill
                required
                value={draft.route}
                onChange={(e) => set({ route: e.currentTarget.value })}
                options={careCodesOf(ROUTE_KEYS).map((c) => ({ value: c, label: careLabel(t, ROUTE_KEYS, c) }))}
                data-testid="order-route"
              />
            </FormField>
            {text('frequency', t('medications.form.frequency'), ShortTextMax)}
            {hasTimes(draft.type) ? (
              <div className="hearth-form-wide">
                <FormField id="order-time-0" label={t('medications.form.times')} required error={timesError} hint={t('medications.form.timesHint')}>
                  <ul className="hearth-med-times">
                    {draft.times.map((time, i) => (
                      <li key={i}>
                        <TimeOfDayInput
                          id={`order-time-${i}`}
                          value={time}
                          aria-label={i === 0 ? undefined : t('medications.form.timeN', { n: i + 1 })}
                          intent={timesError ? Intent.DANGER : Intent.NONE}
                          onChange={(value) => set({ times: draft.times.map((x, j) => (j === i ? value : x)) })}
                        />
                        <Button
                          variant="minimal"
                          icon={<CrossIcon />}
                          aria-label={t('medications.form.removeTime', { n: i + 1 })}
                          onClick={() => set({ times: draft.times.filter((_, j) => j !== i) })}
                        />
                      </li>
                    ))}
                  </ul>
                  <div className="hearth-med-time-actions">
                    {draft.times.length < MedicationTimesMax ? (
                      <Button icon={<PlusIcon />} onClick={() => set({ times: [...draft.times, ''] })} data-testid="order-time-add">
                        {t('medications.form.addTime')}
                      </Button>
                    ) : null}
                    {starts.map((s) => (
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
                  </div>
                </FormField>
              </div>
            ) : (
              <p className="hearth-muted hearth-form-wide">{t('medications.form.prnNoTimes')}</p>
            )}
            <FormField id="order-startDate" label={t('medications.form.startDate')} required error={err('startDate')}>
              <DateInput
                id="order-startDate"
                required
                value={draft.startDate}
                intent={err('startDate') ? Intent.DANGER : Intent.NONE}
                onChange={(startDate) => set({ startDate })}
              />
            </FormField>
            <FormField id="order-endDate" label={t('medications.form.endDate')} error={err('endDate')} hint={t('medications.form.endHint')}>
              <DateInput
                id="order-endDate"
                value={draft.endDate}
                min={draft.startDate || undefined}
                intent={err('endDate') ? Intent.DANGER : Intent.NONE}
                onChange={(endDate) => set({ endDate })}
              />
            </FormField>
            {area('instructions', t('medications.form.instructions'), DetailsMax)}
            {area('diagnosis', t('medications.form.diagnosis'), SubDetailsMax)}
            {text('rxNumber', t('medications.form.rxNumber'), ShortTextMax)}
            {text('physician', t('medications.form.physician'), PersonNameMax)}
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
          </div>

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
              {area('changeNote', t('medications.form.changeNote'), PassReasonMax, t('medications.form.changeNoteHint'))}
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
