import type { ReactNode } from 'react';
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
import { hasTimes, type MedicationFieldsDraft, type MedicationFieldWord } from '@/lib/care/medicationForm';
import { MEDICATION_TYPE_KEYS, ROUTE_KEYS } from '@/lib/care/medicationLabels';
import { careCodesOf, careLabel } from '@/lib/care/taskLabels';
import { FormField } from '@/lib/form/FormField';
import './medicationFields.css';

interface MedicationFieldsProps {
  /** The inputs' ids (and test ids): `${idPrefix}-name`, `-type`, `-dose`, `-route`, `-time-<i>`, `-startDate` … */
  idPrefix: string;
  /** The catalogue prefix of the form's words: `${words}.name`, `.timesHint` … (MEDICATION_FIELD_WORDS). */
  words: string;
  draft: MedicationFieldsDraft;
  onChange: (patch: Partial<MedicationFieldsDraft>) => void;
  /** The message under a field, by its name in the draft (`times` for the list of times). */
  errorOf: (field: string) => string | undefined;
  /** The class of the list of times (each form lays it out its own way). */
  timesClassName: string;
  /** After the dose: what the chosen type means (the med schedule's SNF note). */
  afterDose?: ReactNode;
  /** More buttons after "Add a time" (the med schedule's routine session starts). */
  timeActions?: ReactNode;
  /** In place of the times for a PRN order. */
  withoutTimes?: ReactNode;
  /** The form's own fields after the physician, in the same grid. */
  after?: ReactNode;
}

type TextField = 'name' | 'dose' | 'frequency' | 'rxNumber' | 'physician';

/**
 * The fields of a medication order (000 §3 "Medication"): name, type (routine, PRN, SNF), dose, route (one of
 * 23), frequency as prescribed, times of day (not for PRN), start and end, instructions, diagnosis, Rx number,
 * physician. The draft, its rules and its request are lib/care/medicationForm.
 */
export function MedicationFields({ idPrefix, words, draft, onChange, errorOf, timesClassName, afterDose, timeActions, withoutTimes, after }: MedicationFieldsProps) {
  const { t } = useTranslation();
  // The words are the form's own keys (its prefix and MEDICATION_FIELD_WORDS); each feature's tests check they exist.
  const w = (word: MedicationFieldWord, values?: Record<string, unknown>) =>
    (t as (key: string, values?: Record<string, unknown>) => string)(`${words}.${word}`, values);
  const id = (field: string) => `${idPrefix}-${field}`;

  const text = (field: TextField, max: number, required = false, wide = false) => {
    const error = errorOf(field);
    return (
      <FormField id={id(field)} label={w(field)} required={required} error={error} className={wide ? 'hearth-form-wide' : undefined}>
        <InputGroup
          id={id(field)}
          required={required}
          value={draft[field]}
          maxLength={max}
          intent={error ? Intent.DANGER : Intent.NONE}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange({ [field]: e.currentTarget.value })}
          data-testid={id(field)}
        />
      </FormField>
    );
  };
  const area = (field: 'instructions' | 'diagnosis', max: number) => {
    const error = errorOf(field);
    return (
      <FormField id={id(field)} label={w(field)} error={error} className="hearth-form-wide">
        <TextArea
          id={id(field)}
          fill
          autoResize
          rows={2}
          value={draft[field]}
          maxLength={max}
          intent={error ? Intent.DANGER : Intent.NONE}
          onChange={(e) => onChange({ [field]: e.currentTarget.value })}
          data-testid={id(field)}
        />
      </FormField>
    );
  };

  const timesError = errorOf('times');
  const startError = errorOf('startDate');
  const endError = errorOf('endDate');
  return (
    <div className="hearth-form-grid">
      {text('name', MedicationNameMax, true, true)}
      <FormField id={id('type')} label={w('type')} required>
        <Select
          id={id('type')}
          fill
          required
          value={draft.type}
          onChange={(e) => onChange({ type: e.currentTarget.value })}
          options={careCodesOf(MEDICATION_TYPE_KEYS).map((c) => ({ value: c, label: careLabel(t, MEDICATION_TYPE_KEYS, c) }))}
          data-testid={id('type')}
        />
      </FormField>
      {text('dose', MedicationDoseMax, true)}
      {afterDose}
      <FormField id={id('route')} label={w('route')} required error={errorOf('route')}>
        <Select
          id={id('route')}
          fill
          required
          value={draft.route}
          onChange={(e) => onChange({ route: e.currentTarget.value })}
          options={careCodesOf(ROUTE_KEYS).map((c) => ({ value: c, label: careLabel(t, ROUTE_KEYS, c) }))}
          data-testid={id('route')}
        />
      </FormField>
      {text('frequency', ShortTextMax)}
      {hasTimes(draft.type) ? (
        <div className="hearth-form-wide">
          <FormField id={id('time-0')} label={w('times')} required error={timesError} hint={w('timesHint')}>
            <ul className={timesClassName}>
              {draft.times.map((time, i) => (
                <li key={i}>
                  <TimeOfDayInput
                    id={id(`time-${i}`)}
                    value={time}
                    aria-label={i === 0 ? undefined : w('timeN', { n: i + 1 })}
                    intent={timesError ? Intent.DANGER : Intent.NONE}
                    onChange={(value) => onChange({ times: draft.times.map((x, j) => (j === i ? value : x)) })}
                  />
                  <Button
                    variant="minimal"
                    icon={<CrossIcon />}
                    aria-label={w('removeTime', { n: i + 1 })}
                    onClick={() => onChange({ times: draft.times.filter((_, j) => j !== i) })}
                  />
                </li>
              ))}
            </ul>
            <div className="hearth-medication-time-actions">
              {draft.times.length < MedicationTimesMax ? (
                <Button icon={<PlusIcon />} onClick={() => onChange({ times: [...draft.times, ''] })} data-testid={id('time-add')}>
                  {w('addTime')}
                </Button>
              ) : null}
              {timeActions}
            </div>
          </FormField>
        </div>
      ) : (
        withoutTimes
      )}
      <FormField id={id('startDate')} label={w('startDate')} required error={startError}>
        <DateInput id={id('startDate')} required value={draft.startDate} intent={startError ? Intent.DANGER : Intent.NONE} onChange={(startDate) => onChange({ startDate })} />
      </FormField>
      <FormField id={id('endDate')} label={w('endDate')} error={endError} hint={w('endHint')}>
        <DateInput
          id={id('endDate')}
          value={draft.endDate}
          min={draft.startDate || undefined}
          intent={endError ? Intent.DANGER : Intent.NONE}
          onChange={(endDate) => onChange({ endDate })}
        />
      </FormField>
      {area('instructions', DetailsMax)}
      {area('diagnosis', SubDetailsMax)}
      {text('rxNumber', ShortTextMax)}
      {text('physician', PersonNameMax)}
      {after}
    </div>
  );
}
