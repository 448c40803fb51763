import { Button, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { CrossIcon, PlusIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import {
  DetailsMax,
  MedicationDoseMax,
  MedicationNameMax,
  MedicationTimesMax,
  PersonNameMax,
  ShortTextMax,
  SubDetailsMax,
} from '@/types/api.gen';
import { DateInput } from '@/components/DateInput';
import { Select } from '@/components/Select';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { MEDICATION_TYPE_KEYS, ROUTE_KEYS } from '@/lib/care/medicationLabels';
import { careCodesOf, careLabel } from '@/lib/care/taskLabels';
import { FormField } from '@/lib/form/FormField';
import { useDraftForm } from '@/lib/form/useDraftForm';
import { hasTimes, validateMedication, type MedicationDraft } from '../medicationDraft';
import { ItemDialog } from './ItemDialog';

interface MedicationFormDialogProps {
  medication: MedicationDraft;
  isNew: boolean;
  onClose: () => void;
  onDone: (medication: MedicationDraft) => void;
}

type TextField = 'name' | 'dose' | 'frequency' | 'rxNumber' | 'physician';

/**
 * A medication order (000 §3 "Medication"): name, type (routine, PRN, SNF), dose, route (one of 23),
 * frequency as prescribed, times of day (not for PRN), start and end, instructions, diagnosis, Rx number,
 * physician. It joins the step's list; the list is saved with Next.
 */
export function MedicationFormDialog({ medication, isNew, onClose, onDone }: MedicationFormDialogProps) {
  const { t } = useTranslation();
  const { draft, set, errorOf, check, problem, formRef } = useDraftForm(medication, { validate: validateMedication, problem: t('residents.form.fixErrors') });

  const text = (field: TextField, label: string, max: number, required = false, wide = false) => {
    const id = `med-${field}`;
    const error = errorOf(field);
    return (
      <FormField id={id} label={label} required={required} error={error} className={wide ? 'hearth-form-wide' : undefined}>
        <InputGroup
          id={id}
          required={required}
          value={draft[field]}
          maxLength={max}
          intent={error ? Intent.DANGER : Intent.NONE}
          aria-invalid={error ? true : undefined}
          onChange={(e) => set({ [field]: e.currentTarget.value })}
        />
      </FormField>
    );
  };
  const area = (field: 'instructions' | 'diagnosis', label: string, max: number) => {
    const id = `med-${field}`;
    const error = errorOf(field);
    return (
      <FormField id={id} label={label} error={error} className="hearth-form-wide">
        <TextArea
          id={id}
          fill
          autoResize
          rows={2}
          value={draft[field]}
          maxLength={max}
          intent={error ? Intent.DANGER : Intent.NONE}
          onChange={(e) => set({ [field]: e.currentTarget.value })}
        />
      </FormField>
    );
  };

  const timesError = errorOf('times');
  const startError = errorOf('startDate');
  const endError = errorOf('endDate');
  return (
    <ItemDialog
      kind="medication"
      title={isNew ? t('movein.medication.addTitle') : t('movein.medication.editTitle')}
      formRef={formRef}
      problem={problem}
      doneText={isNew ? t('movein.medication.add') : t('movein.task.keep')}
      onClose={onClose}
      onSubmit={() => {
        if (check()) onDone(draft);
      }}
    >
      <div className="hearth-form-grid">
        {text('name', t('movein.medication.name'), MedicationNameMax, true, true)}
        <FormField id="med-type" label={t('movein.medication.type')} required>
          <Select
            id="med-type"
            fill
            required
            value={draft.type}
            onChange={(e) => set({ type: e.currentTarget.value })}
            options={careCodesOf(MEDICATION_TYPE_KEYS).map((c) => ({ value: c, label: careLabel(t, MEDICATION_TYPE_KEYS, c) }))}
          />
        </FormField>
        {text('dose', t('movein.medication.dose'), MedicationDoseMax, true)}
        <FormField id="med-route" label={t('movein.medication.route')} required error={errorOf('route')}>
          <Select
            id="med-route"
            fill
            required
            value={draft.route}
            onChange={(e) => set({ route: e.currentTarget.value })}
            options={careCodesOf(ROUTE_KEYS).map((c) => ({ value: c, label: careLabel(t, ROUTE_KEYS, c) }))}
          />
        </FormField>
        {text('frequency', t('movein.medication.frequency'), ShortTextMax)}
        {hasTimes(draft.type) ? (
          <div className="hearth-form-wide">
            <FormField id="med-time-0" label={t('movein.medication.times')} required error={timesError} hint={t('movein.medication.timesHint')}>
              <ul className="hearth-movein-times">
                {draft.times.map((time, i) => (
                  <li key={i}>
                    <TimeOfDayInput
                      id={`med-time-${i}`}
                      value={time}
                      aria-label={i === 0 ? undefined : t('movein.medication.timeN', { n: i + 1 })}
                      intent={timesError ? Intent.DANGER : Intent.NONE}
                      onChange={(value) => set({ times: draft.times.map((x, j) => (j === i ? value : x)) })}
                    />
                    <Button
                      variant="minimal"
                      icon={<CrossIcon />}
                      aria-label={t('movein.medication.removeTime', { n: i + 1 })}
                      onClick={() => set({ times: draft.times.filter((_, j) => j !== i) })}
                    />
                  </li>
                ))}
              </ul>
              {draft.times.length < MedicationTimesMax ? (
                <Button icon={<PlusIcon />} onClick={() => set({ times: [...draft.times, ''] })} data-testid="med-time-add">
                  {t('movein.medication.addTime')}
                </Button>
              ) : null}
            </FormField>
          </div>
        ) : null}
        <FormField id="med-startDate" label={t('movein.medication.startDate')} required error={startError}>
          <DateInput id="med-startDate" required value={draft.startDate} intent={startError ? Intent.DANGER : Intent.NONE} onChange={(startDate) => set({ startDate })} />
        </FormField>
        <FormField id="med-endDate" label={t('movein.medication.endDate')} error={endError} hint={t('movein.medication.endHint')}>
          <DateInput id="med-endDate" value={draft.endDate} min={draft.startDate || undefined} intent={endError ? Intent.DANGER : Intent.NONE} onChange={(endDate) => set({ endDate })} />
        </FormField>
        {area('instructions', t('movein.medication.instructions'), DetailsMax)}
        {area('diagnosis', t('movein.medication.diagnosis'), SubDetailsMax)}
        {text('rxNumber', t('movein.medication.rxNumber'), ShortTextMax)}
        {text('physician', t('movein.medication.physician'), PersonNameMax)}
      </div>
    </ItemDialog>
  );
}
