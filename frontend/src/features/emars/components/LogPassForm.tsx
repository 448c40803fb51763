import { useRef, useState } from 'react';
import { Button, Intent, TextArea } from '@blueprintjs/core';
import { TickIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PassNoteMax, PassReasonMax, type MedPass, type PassOutcome } from '@/types/api.gen';
import { DateTimeInput } from '@/components/DateTimeInput';
import { VitalInput } from '@/components/emar/VitalInput';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation, type MessageKey } from '@/lib/api/mutation';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { verdictText } from '@/lib/emar/emarText';
import {
  EMPTY_PASS_DRAFT,
  givingBlocked,
  isQueued,
  newClientId,
  outcomeAllowed,
  outcomeForReading,
  passRequest,
  passTiming,
  reasonRequired,
  validatePass,
  type PassDraft,
  type PassErrors,
  type PassClock,
  type PassOrder,
} from '@/lib/emar/passRules';
import { checkVital, mustHold } from '@/lib/emar/vitals';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRevealErrors } from '@/lib/form/useReveal';
import { currentLanguage } from '@/lib/i18n';
import { ianaZone } from '@/lib/time/dateTime';
import { epochToZonedWall } from '@/lib/time/zone';
import { emarKey } from '../api/keys';
import { logPass } from '../api/logPass';
import { DoseFields, type DoseDraft } from './DoseFields';
import { OutcomeChoice } from './OutcomeChoice';
import { serverNow } from '@/lib/time/serverClock';

const DONE: Record<string, MessageKey> = {
  GIVEN: 'emars.done.given',
  REFUSED: 'emars.done.refused',
  HELD: 'emars.done.held',
  NOT_GIVEN: 'emars.done.notGiven',
};

const REASON_HINTS: Record<string, MessageKey> = {
  REFUSED: 'emars.pass.reasonHint.refused',
  HELD: 'emars.pass.reasonHint.held',
  NOT_GIVEN: 'emars.pass.reasonHint.notGiven',
  late: 'emars.pass.reasonHint.late',
};

interface LogPassFormProps {
  pass: MedPass;
  order: PassOrder;
  /** The reading, as the dialog's five rights show the sliding scale's dose for it. */
  reading: string;
  onReading: (reading: string) => void;
  /** The facility's zone code: a pass charted late says when it happened on the facility's clock. */
  zoneCode: string | undefined;
  /** Logged: the answer, the dialog closes. */
  onDone: () => void;
  /** Someone logged it first (4009): their log, which the dialog shows instead. */
  onAlreadyLogged: (first: MedPass) => void;
}

/**
 * Log a scheduled pass once: the vital first when the order has hold limits or a sliding scale (a reading
 * outside the limits makes it HELD and says why), then Given / Refused / Held / Not given, a reason for all
 * but an on-time Given, the site and controlled counts of a given dose, and a note. One client id per log,
 * kept until the server answered, so a retry after a lost answer sends the same log (stored once).
 */
export function LogPassForm({ pass, order, reading, onReading, zoneCode, onDone, onAlreadyLogged }: LogPassFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const message = useRuleMessage();
  const queryClient = useQueryClient();
  const { formRef, reveal } = useRevealErrors();
  const zone = ianaZone(zoneCode);
  // A pass charted after its window says when it happened; the form starts at now (sent as now unless changed).
  const [opened] = useState(() => epochToZonedWall(serverNow(), zone));
  const [draft, setDraft] = useState<PassDraft>(() => ({ ...EMPTY_PASS_DRAFT, givenAt: opened }));
  const [errors, setErrors] = useState<PassErrors>({});
  const clientId = useRef<string | null>(null);
  // The reason the form wrote itself for a hold, replaced while the caregiver has not changed it.
  const autoReason = useRef('');
  const full: PassDraft = { ...draft, reading };
  const save = useAppMutation({
    mutationFn: logPass,
    invalidates: [emarKey, sidebarCountsKey],
    // The desktop shell keeps a log made while the cloud does not answer, and says so.
    success: (answer) => (isQueued(answer) ? 'emars.done.queued' : DONE[answer.outcome ?? '']),
    onSuccess: () => {
      clientId.current = null;
      onDone();
    },
    onError: (err) => {
      if (isApiError(err) && err.code === '4009' && err.data && typeof err.data === 'object' && 'passId' in err.data) {
        clientId.current = null;
        void queryClient.invalidateQueries({ queryKey: emarKey });
        onAlreadyLogged(err.data as MedPass);
        return;
      }
      reveal();
    },
  });
  const server = save.isPending ? {} : fieldErrors(save.error, 'outcome');
  const id = (k: string) => `pass-${k}-${pass.passId}`;
  const err = (k: keyof PassErrors) => message(errors[k]) ?? server[k];

  const update = (part: Partial<PassDraft>) => setDraft((d) => ({ ...d, ...part }));
  const changeReading = (value: string) => {
    onReading(value);
    const check = checkVital(order, value);
    const next = { ...draft, reading: value };
    const outcome = outcomeForReading(next, order);
    if (mustHold(check)) {
      // The reading holds the dose: Held, and why, written for the caregiver (who may change it).
      const why = verdictText(t, order, check, language);
      const reason = draft.reason === '' || draft.reason === autoReason.current ? why : draft.reason;
      autoReason.current = why;
      update({ outcome, reason });
    } else if (draft.reason !== '' && draft.reason === autoReason.current) {
      autoReason.current = '';
      update({ reason: '', outcome: draft.outcome === 'HELD' ? '' : draft.outcome });
    }
  };

  const submit = () => {
    const clock: PassClock = { zone, now: serverNow(), opened, due: pass.dueTime };
    const found = validatePass(full, order, pass.status, clock);
    setErrors(found);
    save.reset();
    if (Object.keys(found).length > 0) {
      reveal();
      return;
    }
    clientId.current ??= newClientId();
    save.mutate(passRequest(full, order, pass.passId, clientId.current, clock));
  };

  const outcome = draft.outcome;
  const needsReason = reasonRequired(outcome, pass.status);
  const timing = passTiming(pass.status);
  const hintKey = outcome === 'GIVEN' ? REASON_HINTS[timing] : REASON_HINTS[outcome];
  const blocked = givingBlocked(order, pass.status);
  const allowed = (o: PassOutcome) => outcomeAllowed(o, order, pass.status, reading);
  const doseErrors = { site: err('site'), siteNote: err('siteNote'), countBefore: err('countBefore'), countAfter: err('countAfter') };
  const problem = Object.keys(errors).length > 0 ? t('emars.fix') : undefined;

  return (
    <form
      ref={formRef}
      noValidate
      className="hearth-pass-form"
      data-testid="pass-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormProblem message={problem} />
      <VitalInput
        id={id('vital')}
        order={order}
        value={reading}
        onChange={changeReading}
        required={outcome === 'GIVEN' || outcome === 'HELD' || outcome === ''}
        error={err('vitalValue')}
        autoFocus={!!order.vital}
      />
      {timing === 'late' && !blocked ? <p className="hearth-pass-late">{t('emars.pass.late')}</p> : null}
      <OutcomeChoice id={id('outcome')} value={outcome} onChange={(o) => update({ outcome: o })} allowed={allowed} error={err('outcome')} />
      {!allowed('GIVEN') ? (
        <p className="hearth-muted" data-testid="pass-given-blocked">
          {blocked ? t('emars.pass.givenBlockedHold') : t('emars.pass.givenBlockedReading')}
        </p>
      ) : null}
      {needsReason ? (
        <FormField id={id('reason')} label={t('emars.pass.reason')} required error={err('reason')} hint={hintKey ? t(hintKey) : undefined}>
          <TextArea
            id={id('reason')}
            fill
            rows={2}
            required
            maxLength={PassReasonMax}
            value={draft.reason}
            intent={err('reason') ? Intent.DANGER : Intent.NONE}
            aria-describedby={err('reason') ? `${id('reason')}-error` : undefined}
            onChange={(e) => update({ reason: e.currentTarget.value })}
            data-testid="pass-reason"
          />
        </FormField>
      ) : null}
      {timing === 'late' && outcome !== '' ? (
        <FormField id={id('givenAt')} label={t('emars.pass.givenAt')} error={err('givenTime')} hint={t('emars.pass.givenAtHint')}>
          <DateTimeInput id={id('givenAt')} label={t('emars.pass.givenAt')} value={draft.givenAt} onChange={(givenAt) => update({ givenAt })} />
        </FormField>
      ) : null}
      {outcome === 'GIVEN' ? (
        <DoseFields idBase={`pass-${pass.passId}`} order={order} draft={draft as DoseDraft} onChange={update} errors={doseErrors} />
      ) : null}
      {outcome !== '' ? (
        <FormField id={id('note')} label={t('emars.pass.note')} error={err('note')}>
          <TextArea
            id={id('note')}
            fill
            rows={2}
            maxLength={PassNoteMax}
            value={draft.note}
            onChange={(e) => update({ note: e.currentTarget.value })}
            data-testid="pass-note"
          />
        </FormField>
      ) : null}
      <Button type="submit" intent={Intent.PRIMARY} size="large" icon={<TickIcon />} loading={save.isPending} data-testid="pass-save">
        {t('emars.pass.save')}
      </Button>
    </form>
  );
}
