import type { ReactNode } from 'react';
import { InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AreaOther, TaskContentMax, TaskTitleMax } from '@/types/api.gen';
import { DateInput } from '@/components/DateInput';
import { Select } from '@/components/Select';
import { AREA_KEYS, careCodesOf, careLabel, TASK_TYPE_KEYS } from '@/lib/care/taskLabels';
import type { TaskFieldsDraft } from '@/lib/care/taskForm';
import { frequencyFields } from '@/lib/care/taskSchedule';
import { FormField } from '@/lib/form/FormField';
import { ScheduleFields } from './ScheduleFields';

interface TitleFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoFocus?: boolean;
}

/** A task's or rule's title (required, up to TaskTitleMax), across the form. */
export function TaskTitleField({ id, value, onChange, error, autoFocus }: TitleFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t('care.task.title')} required error={error} className="hearth-form-wide">
      <InputGroup
        id={id}
        required
        value={value}
        maxLength={TaskTitleMax}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error ? true : undefined}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FormField>
  );
}

interface TypeFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  label?: string;
}

/** A task's type (shared TaskType). */
export function TaskTypeField({ id, value, onChange, error, label }: TypeFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={label ?? t('care.task.type')} required error={error}>
      <Select
        id={id}
        fill
        required
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        options={careCodesOf(TASK_TYPE_KEYS).map((c) => ({ value: c, label: careLabel(t, TASK_TYPE_KEYS, c) }))}
      />
    </FormField>
  );
}

/** The words a form may put its own way (the task page says "First day" where the wizard says "Start date"). */
export interface TaskFieldLabels {
  type: string;
  startDate: string;
  endDate: string;
  endHint: string;
  contentHint: string;
}

interface TaskFieldsProps {
  /** The inputs' ids: `${idPrefix}-title`, `-type`, `-area`, `-startDate`, `-endDate`, `-content` and the schedule's. */
  idPrefix: string;
  draft: TaskFieldsDraft;
  onChange: (patch: Partial<TaskFieldsDraft>) => void;
  /** The message under a field, by its name in the draft (and the schedule's: daysOfWeek, timeOfDay…). */
  errorOf: (field: string) => string | undefined;
  /** The facility's day: the first day a new task may start. */
  today: string;
  /** A saved task keeps its start even when it has passed. */
  isNew: boolean;
  labels?: Partial<TaskFieldLabels>;
  /** The form's own fields between the title and the type (the task page: resident and caregiver). */
  beforeType?: ReactNode;
  /** The form's own fields after the instructions (the task page: remarks). */
  after?: ReactNode;
  autoFocus?: boolean;
}

/**
 * The fields of a task (000 §3 "Task"): title, type, care area, the schedule its frequency implies
 * (ScheduleFields), start and end (none for a task that happens once or any time), instructions. The draft,
 * its rules and its request are lib/care/taskForm.
 */
export function TaskFields({ idPrefix, draft, onChange, errorOf, today, isNew, labels = {}, beforeType, after, autoFocus }: TaskFieldsProps) {
  const { t } = useTranslation();
  const id = (field: string) => `${idPrefix}-${field}`;
  const startError = errorOf('startDate');
  const endError = errorOf('endDate');
  const contentError = errorOf('content');
  return (
    <>
      <div className="hearth-form-grid">
        <TaskTitleField id={id('title')} value={draft.title} onChange={(title) => onChange({ title })} error={errorOf('title')} autoFocus={autoFocus} />
        {beforeType}
        <TaskTypeField id={id('type')} label={labels.type} value={draft.type} onChange={(type) => onChange({ type })} error={errorOf('type')} />
        <FormField id={id('area')} label={t('care.task.area')}>
          <Select
            id={id('area')}
            fill
            value={draft.area || AreaOther}
            onChange={(e) => onChange({ area: e.currentTarget.value })}
            options={careCodesOf(AREA_KEYS).map((c) => ({ value: c, label: careLabel(t, AREA_KEYS, c) }))}
          />
        </FormField>
      </div>
      <ScheduleFields idPrefix={idPrefix} draft={draft.schedule} onChange={(patch) => onChange({ schedule: { ...draft.schedule, ...patch } })} errorOf={errorOf} />
      <div className="hearth-form-grid">
        <FormField id={id('startDate')} label={labels.startDate ?? t('care.task.startDate')} required error={startError}>
          <DateInput
            id={id('startDate')}
            required
            value={draft.startDate}
            min={isNew ? today : undefined}
            intent={startError ? Intent.DANGER : Intent.NONE}
            onChange={(startDate) => onChange({ startDate })}
          />
        </FormField>
        {frequencyFields(draft.schedule.frequency).endDate ? (
          <FormField id={id('endDate')} label={labels.endDate ?? t('care.task.endDate')} error={endError} hint={labels.endHint ?? t('care.task.endHint')}>
            <DateInput
              id={id('endDate')}
              value={draft.endDate}
              min={draft.startDate || today}
              intent={endError ? Intent.DANGER : Intent.NONE}
              onChange={(endDate) => onChange({ endDate })}
            />
          </FormField>
        ) : null}
        <FormField id={id('content')} label={t('care.task.content')} error={contentError} hint={labels.contentHint} className="hearth-form-wide">
          <TextArea
            id={id('content')}
            fill
            autoResize
            rows={3}
            value={draft.content}
            maxLength={TaskContentMax}
            intent={contentError ? Intent.DANGER : Intent.NONE}
            onChange={(e) => onChange({ content: e.currentTarget.value })}
          />
        </FormField>
        {after}
      </div>
    </>
  );
}
