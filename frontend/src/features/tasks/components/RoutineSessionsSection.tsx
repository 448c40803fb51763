import { useState } from 'react';
import { Button, Intent, Spinner, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FacilityRoutine } from '@/types/api.gen';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { SESSION_KEYS, careLabel } from '@/lib/care/taskLabels';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRevealErrors } from '@/lib/form/useReveal';
import { currentLanguage } from '@/lib/i18n';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { routineTimeKey, useRoutineTime } from '@/lib/api/routineTime';
import { tasksKey } from '../api/keys';
import { saveRoutineTime } from '../api/saveRoutineTime';
import { routineDraftOf, validateRoutine, type RoutineErrors } from '../routineRules';

/**
 * Facility settings' "Routine sessions" (spec 000 §3 "Facility routine sessions"): each session's start
 * and end, typed the interface language's way, and the medication-prep button flag. Owners change them;
 * others read them. A session-bound task is due within its session's window.
 */
export function RoutineSessionsSection({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const routine = useRoutineTime();
  return (
    <section className="hearth-gap-top" aria-labelledby="routine-title" data-testid="routine-sessions">
      <SectionTitle id="routine-title" className="hearth-section-title">
        {t('tasks.routine.title')}
      </SectionTitle>
      <p className="hearth-muted">{t('tasks.routine.hint')}</p>
      <QueryErrorBanner query={routine} />
      {routine.data ? <RoutineForm key={JSON.stringify(routine.data)} routine={routine.data} editable={editable} /> : routine.isPending ? <Spinner size={24} /> : null}
    </section>
  );
}

function RoutineForm({ routine, editable }: { routine: FacilityRoutine; editable: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const message = useRuleMessage();
  const { formRef, reveal } = useRevealErrors();
  const [draft, setDraft] = useState<FacilityRoutine>(() => routineDraftOf(routine));
  const [errors, setErrors] = useState<RoutineErrors>({});
  const save = useAppMutation({
    mutationFn: saveRoutineTime,
    invalidates: [routineTimeKey, tasksKey],
    success: 'tasks.done.routineSaved',
    onError: () => reveal(),
  });
  const server = save.isPending ? {} : fieldErrors(save.error);
  const setTime = (index: number, k: 'startTime' | 'endTime', value: string) =>
    setDraft((d) => ({ ...d, sessions: d.sessions.map((s, i) => (i === index ? { ...s, [k]: value } : s)) }));

  return (
    <form
      ref={formRef}
      noValidate
      className="hearth-routine-form"
      style={{ maxWidth: 640 }}
      onSubmit={(e) => {
        e.preventDefault();
        const found = validateRoutine(draft);
        setErrors(found);
        save.reset();
        if (Object.keys(found).length > 0) {
          reveal();
          return;
        }
        save.mutate(draft);
      }}
    >
      <FormProblem message={Object.keys(errors).length > 0 ? t('tasks.routine.fix') : undefined} />
      {draft.sessions.map((s, i) => {
        const name = careLabel(t, SESSION_KEYS, s.session);
        const field = (k: 'startTime' | 'endTime') => {
          const id = `routine-${s.session}-${k === 'startTime' ? 'start' : 'end'}`;
          const label = k === 'startTime' ? t('tasks.routine.start') : t('tasks.routine.end');
          const error = message(errors[`${s.session}.${k}`]) ?? server[`sessions[${i}].${k}`];
          return (
            <FormField id={id} label={label} required={editable} error={error}>
              {editable ? (
                <TimeOfDayInput
                  id={id}
                  required
                  value={s[k]}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(v) => setTime(i, k, v)}
                />
              ) : (
                <output id={id} className="hearth-routine-time" data-testid={id}>
                  {formatTimeOfDay(s[k], language) || s[k]}
                </output>
              )}
            </FormField>
          );
        };
        return (
          <fieldset key={s.session} className="hearth-routine-session" data-testid="routine-session" data-session={s.session}>
            <legend>{name}</legend>
            {field('startTime')}
            {field('endTime')}
          </fieldset>
        );
      })}
      <Switch
        checked={draft.medicationPrepButtonEnabled}
        disabled={!editable}
        label={t('tasks.routine.medPrep')}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setDraft((d) => ({ ...d, medicationPrepButtonEnabled: on }));
        }}
        data-testid="routine-med-prep"
      />
      {editable ? (
        <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="routine-save">
          {t('tasks.routine.save')}
        </Button>
      ) : null}
    </form>
  );
}
