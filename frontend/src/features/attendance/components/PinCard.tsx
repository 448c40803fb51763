import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { KeyIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { ClockInStatus } from '@/types/api.gen';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { attendanceKey } from '../api/keys';
import { setPin } from '../api/setPin';
import { PIN_MAX, PIN_MIN, pinInput, pinProblem, type PinProblem } from '../pinRules';
import { serverNow } from '@/lib/time/serverClock';

const PROBLEM_KEYS: Record<
  PinProblem,
  'attendance.pin.required' | 'attendance.pin.digits' | 'attendance.pin.length' | 'attendance.pin.guessable' | 'attendance.pin.mismatch'
> = {
  required: 'attendance.pin.required',
  digits: 'attendance.pin.digits',
  length: 'attendance.pin.length',
  guessable: 'attendance.pin.guessable',
  mismatch: 'attendance.pin.mismatch',
};

/** The kiosk PIN: 4–6 digits, not guessable, typed twice. */
export function PinCard({ status }: { status: ClockInStatus | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [now] = useState(() => serverNow());
  const [pin, setPinValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const save = useAppMutation({
    mutationFn: setPin,
    invalidates: [attendanceKey],
    success: 'attendance.done.pinSaved',
    onSuccess: () => {
      setPinValue('');
      setConfirm('');
      setTouched(false);
      setOpen(false);
    },
  });
  const server = save.isPending ? '' : (fieldErrors(save.error).pin ?? '');
  const problem = pinProblem(pin, confirm);
  const shown = server || (touched && problem ? t(PROBLEM_KEYS[problem], { min: PIN_MIN, max: PIN_MAX }) : '');
  const locked = status?.pinLockedUntil && status.pinLockedUntil > now ? status.pinLockedUntil : 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    save.reset();
    if (problem) return;
    save.mutate({ pin });
  };

  return (
    <Card data-testid="pin-card">
      <h2 className="hearth-section-title">{t('attendance.pin.title')}</h2>
      <p data-testid="pin-state">{status?.pinSet ? t('attendance.pin.isSet') : t('attendance.pin.notSet')}</p>
      {locked ? (
        <Callout intent={Intent.WARNING} compact className="hearth-gap-bottom">
          {t('attendance.pin.locked', { time: formatDateTime(locked, status?.timeZone, currentLanguage()) })}
        </Callout>
      ) : null}
      {open ? (
        <form onSubmit={submit} noValidate>
          <FormGroup label={t('attendance.pin.new')} labelFor="pin-new" labelInfo={t('attendance.pin.hint', { min: PIN_MIN, max: PIN_MAX })}>
            <InputGroup
              id="pin-new"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              autoFocus
              value={pin}
              onValueChange={(v) => setPinValue(pinInput(v))}
            />
          </FormGroup>
          <FormGroup label={t('attendance.pin.confirm')} labelFor="pin-confirm" intent={shown ? Intent.DANGER : Intent.NONE} helperText={shown || undefined}>
            <InputGroup
              id="pin-confirm"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              value={confirm}
              onValueChange={(v) => setConfirm(pinInput(v))}
            />
          </FormGroup>
          <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="pin-save">
            {t('attendance.pin.save')}
          </Button>{' '}
          <Button onClick={() => setOpen(false)}>{t('common.action.cancel')}</Button>
        </form>
      ) : (
        <Button icon={<KeyIcon />} onClick={() => setOpen(true)} data-testid="pin-open">
          {status?.pinSet ? t('attendance.pin.change') : t('attendance.pin.set')}
        </Button>
      )}
    </Card>
  );
}
