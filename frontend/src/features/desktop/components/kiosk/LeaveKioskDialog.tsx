import { useState, type FormEvent } from 'react';
import { Button, Callout, Checkbox, Classes, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CodeExitPinWrong, CodePinLocked, KioskExitPinMax, KioskExitPinMin } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { leaveKiosk } from '../../api/kioskSetup';
import { digitsOnly } from '../../setupRules';
import { refreshDesktopStatus } from '../../shell';

/** The owner's way out of kiosk mode: the exit PIN (4133 counts down), optionally forgetting the kiosk here. */
export function LeaveKioskDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [forget, setForget] = useState(false);
  const [error, setError] = useState('');
  const leave = useAppMutation({
    mutationFn: async (req: { exitPin: string; forget: boolean }) => {
      await leaveKiosk(req);
      // The shell is the owner's window again: the gate leaves /kiosk when the status says so.
      await refreshDesktopStatus();
    },
    onSuccess: onClose,
    onError: (err) => {
      setPin('');
      if (isApiError(err) && err.code === CodeExitPinWrong) {
        const left = (err.data as { attemptsLeft?: number } | null)?.attemptsLeft ?? 0;
        setError(t('desktop.kiosk.leave.wrong', { count: left }));
      } else if (isApiError(err) && err.code === CodePinLocked) {
        // The shell locks leaving for a while after 5 wrong exit PINs, with the same code as the PIN lock.
        const seconds = (err.data as { retryAfterSeconds?: number } | null)?.retryAfterSeconds ?? 60;
        setError(t('desktop.kiosk.leave.locked', { minutes: Math.max(1, Math.ceil(seconds / 60)) }));
      } else {
        setError(t('desktop.kiosk.leave.failed', { msg: isApiError(err) ? err.message || err.code : String(err) }));
      }
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pin.length < KioskExitPinMin) {
      setError(t('desktop.kiosk.leave.pinShape'));
      return;
    }
    setError('');
    leave.mutate({ exitPin: pin, forget });
  };

  return (
    <AppDialog title={t('desktop.kiosk.leave.open')} onClose={onClose} style={{ width: 420 }}>
      <form onSubmit={submit} noValidate data-testid="kiosk-leave-dialog">
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label={t('desktop.kiosk.leave.pin')} labelFor="kiosk-exit-pin">
            <InputGroup
              id="kiosk-exit-pin"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              autoFocus
              size="large"
              maxLength={KioskExitPinMax}
              value={pin}
              onValueChange={(v) => setPin(digitsOnly(v, KioskExitPinMax))}
            />
          </FormGroup>
          <Checkbox checked={forget} onChange={(e) => setForget(e.currentTarget.checked)} label={t('desktop.kiosk.leave.forget')} />
          {forget ? <p className="hearth-muted">{t('desktop.kiosk.leave.forgetHelp')}</p> : null}
          {error ? (
            <Callout intent={Intent.DANGER} data-testid="kiosk-leave-error">
              {error}
            </Callout>
          ) : null}
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button size="large" onClick={onClose}>
              {t('common.action.cancel')}
            </Button>
            <Button size="large" type="submit" intent={Intent.PRIMARY} loading={leave.isPending}>
              {t('desktop.kiosk.leave.confirm')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
