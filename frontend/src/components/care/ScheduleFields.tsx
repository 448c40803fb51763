import { Button, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { TaskRepeatIntervalMax } from '@/types/api.gen';
import { Select } from '@/components/Select';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { careCodesOf, careLabel, FREQUENCY_KEYS, SESSION_KEYS, WEEKDAY_KEYS, WEEKDAY_SHORT_KEYS } from '@/lib/care/taskLabels';
import { effectiveTiming, frequencyFields, type ScheduleDraft, type TimingChoice } from '@/lib/care/taskSchedule';
import { FormField } from '@/lib/form/FormField';
import './scheduleFields.css';

interface ScheduleFieldsProps {
  /** Prefix of the inputs' ids: `${idPrefix}-frequency`, `-days`, `-interval`, `-timing`, `-session`, `-time`. */
  idPrefix: string;
  draft: ScheduleDraft;
  onChange: (patch: Partial<ScheduleDraft>) => void;
  /** The message under a field: daysOfWeek, repeatInterval, timeSession, timeOfDay. */
  errorOf: (field: string) => string | undefined;
  /** false for a task creation rule: a session or any time, no time of day of its own. */
  withTime?: boolean;
}

/**
 * A task's schedule (000 §3 "Task"): the frequency and the fields it implies (lib/care/taskSchedule.ts):
 * days of the week for weekly and every two weeks, an interval for custom (days) and hourly (hours), and
 * when in the day: a session, a time of day (hourly: the first one), or any time.
 */
export function ScheduleFields({ idPrefix, draft, onChange, errorOf, withTime = true }: ScheduleFieldsProps) {
  const { t } = useTranslation();
  const fields = frequencyFields(draft.frequency);
  const timing = withTime ? effectiveTiming(draft) : fields.timing === 'none' ? 'anytime' : draft.timing === 'time' ? 'anytime' : draft.timing;
  const daysError = errorOf('daysOfWeek');
  const intervalError = errorOf('repeatInterval');
  const sessionError = errorOf('timeSession');
  const timeError = errorOf('timeOfDay');
  const toggleDay = (day: number) =>
    onChange({ daysOfWeek: draft.daysOfWeek.includes(day) ? draft.daysOfWeek.filter((d) => d !== day) : [...draft.daysOfWeek, day] });
  const choices: TimingChoice[] = withTime ? ['session', 'time', 'anytime'] : ['session', 'anytime'];
  const choiceKey = { session: 'care.schedule.timingSession', time: 'care.schedule.timingTime', anytime: 'care.schedule.timingAnytime' } as const;

  return (
    <div className="hearth-form-grid hearth-schedule-fields">
      <FormField id={`${idPrefix}-frequency`} label={t('care.schedule.frequency')} required>
        <Select
          id={`${idPrefix}-frequency`}
          fill
          required
          value={draft.frequency}
          onChange={(e) => onChange({ frequency: e.currentTarget.value })}
          options={careCodesOf(FREQUENCY_KEYS).map((c) => ({ value: c, label: careLabel(t, FREQUENCY_KEYS, c) }))}
        />
      </FormField>

      {fields.repeatInterval ? (
        <FormField
          id={`${idPrefix}-interval`}
          label={t(fields.repeatInterval === 'days' ? 'care.schedule.everyDays' : 'care.schedule.everyHours')}
          required={fields.repeatInterval === 'days'}
          error={intervalError}
          hint={fields.repeatInterval === 'hours' ? t('care.schedule.everyHoursHint') : undefined}
        >
          <InputGroup
            id={`${idPrefix}-interval`}
            inputMode="numeric"
            required={fields.repeatInterval === 'days'}
            value={draft.repeatInterval}
            maxLength={String(TaskRepeatIntervalMax).length}
            intent={intervalError ? Intent.DANGER : Intent.NONE}
            aria-invalid={intervalError ? true : undefined}
            onChange={(e) => onChange({ repeatInterval: e.currentTarget.value })}
          />
        </FormField>
      ) : null}

      {fields.daysOfWeek ? (
        <div className="hearth-form-wide">
          <FormField id={`${idPrefix}-days`} label={t('care.schedule.daysOfWeek')} required error={daysError}>
            <div className="hearth-weekdays" role="group" id={`${idPrefix}-days`} tabIndex={-1} aria-label={t('care.schedule.daysOfWeek')}>
              {WEEKDAY_SHORT_KEYS.map((key, day) => (
                <Button
                  key={key}
                  aria-pressed={draft.daysOfWeek.includes(day)}
                  title={t(WEEKDAY_KEYS[day])}
                  active={draft.daysOfWeek.includes(day)}
                  intent={draft.daysOfWeek.includes(day) ? Intent.PRIMARY : Intent.NONE}
                  data-testid={`${idPrefix}-day-${day}`}
                  onClick={() => toggleDay(day)}
                >
                  {t(key)}
                </Button>
              ))}
            </div>
          </FormField>
        </div>
      ) : null}

      {fields.timing === 'sessionOrTime' ? (
        <div className="hearth-form-wide">
          <RadioGroup
            name={`${idPrefix}-timing`}
            label={t('care.schedule.timing')}
            inline
            selectedValue={timing}
            onChange={(e) => onChange({ timing: e.currentTarget.value as TimingChoice })}
          >
            {choices.map((c) => (
              <Radio key={c} value={c} label={t(choiceKey[c])} data-testid={`${idPrefix}-timing-${c}`} />
            ))}
          </RadioGroup>
        </div>
      ) : null}

      {timing === 'session' ? (
        <FormField id={`${idPrefix}-session`} label={t('care.schedule.session')} required error={sessionError}>
          <Select
            id={`${idPrefix}-session`}
            fill
            required
            value={draft.timeSession}
            onChange={(e) => onChange({ timeSession: e.currentTarget.value })}
            options={[{ value: '', label: '—' }, ...careCodesOf(SESSION_KEYS).map((c) => ({ value: c, label: careLabel(t, SESSION_KEYS, c) }))]}
          />
        </FormField>
      ) : null}

      {timing === 'time' && withTime ? (
        <FormField
          id={`${idPrefix}-time`}
          label={t(fields.timing === 'time' ? 'care.schedule.firstTime' : 'care.schedule.timeOfDay')}
          required
          error={timeError}
        >
          <TimeOfDayInput
            id={`${idPrefix}-time`}
            required
            value={draft.timeOfDay}
            intent={timeError ? Intent.DANGER : Intent.NONE}
            aria-describedby={timeError ? `${idPrefix}-time-error` : undefined}
            onChange={(timeOfDay) => onChange({ timeOfDay })}
          />
        </FormField>
      ) : null}
    </div>
  );
}
