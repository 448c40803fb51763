import { DateTimeInput } from '@/components/DateTimeInput';
import { useState, type FormEvent } from 'react';
import { Button, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ApplicationLeave, ApplicationShiftAdjustment } from '@/types/api.gen';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { FormField } from '@/lib/form/FormField';
import { useAppMutation } from '@/lib/api/mutation';
import { ianaZone } from '@/lib/time/dateTime';
import { useSessionStore } from '@/lib/session/store';
import { zonedWallToEpoch } from '@/lib/time/zone';
import { requestsKey } from '../api/keys';
import { saveApplicationForm } from '../api/saveApplicationForm';
import { typeLabel } from '../requestLabels';
import { REASON_MAX, requestProblems, type RequestDraft, type RequestProblem } from '../requestRules';
import { Select } from '@/components/Select';

const EMPTY: RequestDraft = { type: ApplicationLeave, start: '', end: '', reason: '' };

const PROBLEM_KEYS: Record<RequestProblem, 'requests.form.required' | 'requests.form.endBeforeStart' | 'requests.form.tooLong'> = {
  required: 'requests.form.required',
  endBeforeStart: 'requests.form.endBeforeStart',
  tooLong: 'requests.form.tooLong',
};

/** A caregiver's request: leave or shift adjustment, start and end in the facility's time, reason. */
export function RequestForm() {
  const { t } = useTranslation();
  const zoneCode = useSessionStore((s) => s.session?.timeZone) || undefined;
  const [d, setD] = useState<RequestDraft>(EMPTY);
  const [touched, setTouched] = useState(false);
  const save = useAppMutation({
    mutationFn: saveApplicationForm,
    invalidates: [requestsKey],
    success: 'requests.done.sent',
    onSuccess: () => {
      setD(EMPTY);
      setTouched(false);
    },
  });
  const server = save.error && !save.isPending ? fieldErrors(save.error) : {};
  const problems = requestProblems(d);
  const msg = (f: keyof RequestDraft, serverField: string) =>
    server[serverField] || (touched && problems[f] ? t(PROBLEM_KEYS[problems[f]!]) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    save.reset();
    if (Object.keys(problems).length > 0) return;
    const zone = ianaZone(zoneCode);
    save.mutate({ type: d.type, startTime: zonedWallToEpoch(d.start, zone), endTime: zonedWallToEpoch(d.end, zone), reason: d.reason.trim() });
  };

  const startMsg = msg('start', 'startTime');
  const endMsg = msg('end', 'endTime');
  const reasonMsg = msg('reason', 'reason');
  return (
    <form onSubmit={submit} noValidate data-testid="request-form">
      <FormGroup label={t('requests.field.type')} labelFor="request-type">
        <Select id="request-type" fill value={d.type} onChange={(e) => setD({ ...d, type: e.currentTarget.value })}>
          {[ApplicationLeave, ApplicationShiftAdjustment].map((ty) => (
            <option key={ty} value={ty}>
              {typeLabel(t, ty)}
            </option>
          ))}
        </Select>
      </FormGroup>
      <FormField id="request-start" label={t('requests.field.start')} required error={startMsg}>
        <DateTimeInput id="request-start" label={t('requests.field.start')} required value={d.start} onChange={(v) => setD({ ...d, start: v })} />
      </FormField>
      <FormField id="request-end" label={t('requests.field.end')} required error={endMsg}>
        <DateTimeInput id="request-end" label={t('requests.field.end')} required value={d.end} min={d.start || undefined} onChange={(v) => setD({ ...d, end: v })} />
      </FormField>
      <FormField id="request-reason" label={t('requests.field.reason')} required error={reasonMsg}>
        <TextArea id="request-reason" required fill maxLength={REASON_MAX} value={d.reason} onChange={(e) => setD({ ...d, reason: e.currentTarget.value })} />
      </FormField>
      <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="request-submit">
        {t('requests.form.submit')}
      </Button>
    </form>
  );
}
