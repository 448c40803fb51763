import { useState } from 'react';
import { Callout, Checkbox, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CheckIn, Resident } from '@/types/api.gen';
import { ResidentFilterAll, ResidentFilterMovingIn } from '@/types/api.gen';
import { ResidentFields } from '@/components/residents/ResidentFields';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useRuleMessage } from '@/lib/form/FormField';
import { currentLanguage } from '@/lib/i18n';
import { residentRequest, serverFieldErrors, validateResident, type ResidentDraft } from '@/lib/residents/residentRules';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { createResidentForCheckIn } from '../api/createResidentForCheckIn';
import { findResidents } from '../api/findResidents';
import { resumeUrl } from '../moveInSteps';
import { identityKey, samePerson } from '../newPerson';
import { useStepSave } from '../useStepSave';
import { StepForm } from './StepForm';

/** The fields of "confirm resident" (the rest of the profile is the next step). */
const IDENTITY_FIELDS = ['firstName', 'lastName', 'dob', 'room'] as const;

interface ConfirmStepProps {
  residentId: string;
  draft: ResidentDraft;
  onChange: (patch: Partial<ResidentDraft>) => void;
  today: string;
  onSaved: (checkIn: CheckIn) => void;
}

/** How many residents of one last name the check reads (a home has 2–8 residents; its history a few dozen). */
const CHECK_PAGE = 100;

/**
 * Step 1, confirm resident: name, date of birth and room, and a check that this is a new person (nobody
 * current, former or being moved in has the same name and date of birth), which the owner may overrule.
 */
export function ConfirmStep({ residentId, draft, onChange, today, onSaved }: ConfirmStepProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const message = useRuleMessage();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [matches, setMatches] = useState<{ key: string; residents: Resident[] } | null>(null);
  const [different, setDifferent] = useState(false);
  const step = useStepSave({
    save: async (input: { draft: ResidentDraft; overrule: boolean }) => {
      const key = identityKey(input.draft);
      if (!input.overrule) {
        const filter = { name: input.draft.lastName.trim() };
        const [all, moving] = await Promise.all([
          findResidents({ current: 1, size: CHECK_PAGE, data: { ...filter, status: ResidentFilterAll } }),
          findResidents({ current: 1, size: CHECK_PAGE, data: { ...filter, status: ResidentFilterMovingIn } }),
        ]);
        const same = samePerson(input.draft, [...all.records, ...moving.records], residentId);
        if (same.length > 0) throw new SamePersonFound(key, same);
      }
      return createResidentForCheckIn(residentRequest(input.draft, residentId || undefined));
    },
    success: residentId ? 'movein.done.residentSaved' : 'movein.done.started',
    onSaved,
  });
  const server = step.mutation.isPending ? {} : serverFieldErrors(fieldErrors(step.mutation.error));
  const found = step.mutation.error instanceof SamePersonFound ? step.mutation.error : null;
  const shownMatches = found ?? matches;
  const errorOf = (field: string) => errors[field] ?? server[field];

  const submit = () => {
    const all = validateResident(draft, today);
    const mine: Record<string, string> = {};
    for (const f of IDENTITY_FIELDS) if (all[f]) mine[f] = message(all[f])!;
    setErrors(mine);
    if (Object.keys(mine).length > 0) {
      step.refuse(t('residents.form.fixErrors'));
      return;
    }
    const key = identityKey(draft);
    const overrule = different && shownMatches?.key === key;
    if (found) setMatches(found);
    step.start({ draft, overrule });
  };

  const stillMatches = shownMatches && shownMatches.key === identityKey(draft) ? shownMatches : null;
  return (
    <StepForm
      title={t('movein.step.confirm')}
      hint={t('movein.confirm.hint')}
      step={step}
      onSubmit={submit}
      testId="movein-confirm"
    >
      {stillMatches ? (
        <Callout intent={Intent.WARNING} className="hearth-gap-bottom" role="alert" data-testid="movein-same-person">
          <p>{t('movein.confirm.samePerson')}</p>
          <ul>
            {stillMatches.residents.map((r) => (
              <li key={r.residentId}>
                {r.name || `${r.firstName} ${r.lastName}`}, {formatCalendarDate(r.dob, language)}
                {r.room ? `, ${t('movein.confirm.room', { room: r.room })}` : ''}{' '}
                {r.status === 'MOVING_IN' ? (
                  <Link to={resumeUrl(r.residentId)}>{t('movein.confirm.continueThat')}</Link>
                ) : (
                  <span className="hearth-muted">({t('movein.confirm.onFile')})</span>
                )}
              </li>
            ))}
          </ul>
          <Checkbox
            checked={different}
            label={t('movein.confirm.different')}
            data-testid="movein-different-person"
            onChange={(e) => setDifferent(e.currentTarget.checked)}
          />
        </Callout>
      ) : null}
      <ResidentFields draft={draft} onChange={onChange} errorOf={errorOf} today={today} parts="identity" />
    </StepForm>
  );
}

/** The check found someone with the same name and date of birth; the owner says whether it is another person. */
class SamePersonFound extends Error {
  constructor(
    readonly key: string,
    readonly residents: Resident[],
  ) {
    super('same person');
  }
}
