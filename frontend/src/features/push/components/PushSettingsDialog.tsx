import { useEffect, useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, Intent, Spinner, Switch } from '@blueprintjs/core';
import { TitledCallout } from '@/components/TitledCallout';
import { useTranslation } from 'react-i18next';
import type { PushPreferences } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { notificationPermission, PushNotOn, pushSupport, type PushRefusal } from '@/lib/push/devicePush';
import { usePushStatus } from '../api/getStatus';
import { usePreferences, useSavePreferences } from '../api/preferences';
import { browserSubscribed, useTurnOff, useTurnOn } from '../api/subscribe';
import '../push.css';

/** The alerts a person chooses, in the order the dialog lists them. */
const ALERTS: readonly (keyof PushPreferences)[] = ['medPass', 'prnCheck', 'shiftReminder', 'chatMessage'];

/**
 * Alerts on this phone (issue 34): turn Web Push on or off for this device (the notification permission is
 * asked on the tap), and choose which alerts reach your devices. A browser without push is told so, and why.
 */
export function PushSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const support = pushSupport();
  const usable = support === 'supported';
  const status = usePushStatus(true);
  const prefs = usePreferences(true);
  const save = useSavePreferences();
  const turnOn = useTurnOn();
  const turnOff = useTurnOff();
  const [refusal, setRefusal] = useState<PushRefusal | null>(() => (usable && notificationPermission() === 'denied' ? 'denied' : null));
  // On when the server knows this device and this browser still holds its subscription.
  const [browserHas, setBrowserHas] = useState<boolean | null>(usable ? null : false);
  useEffect(() => {
    if (!usable) return;
    let live = true;
    void browserSubscribed().then((has) => live && setBrowserHas(has));
    return () => {
      live = false;
    };
  }, [usable, status.data]);
  const on = usable && status.data?.subscribed === true && browserHas === true;
  const busy = turnOn.isPending || turnOff.isPending;

  const toggle = () => {
    setRefusal(null);
    if (on) {
      turnOff.mutate();
      return;
    }
    turnOn.mutate(undefined, {
      onError: (err) => {
        if (err instanceof PushNotOn) setRefusal(err.reason);
      },
    });
  };

  const choose = (key: keyof PushPreferences, value: boolean) => {
    if (prefs.data) save.mutate({ ...prefs.data, [key]: value });
  };

  return (
    <AppDialog title={t('profile.push.title')} onClose={onClose} className="hearth-push-dialog">
      <DialogBody>
        <p>{t('profile.push.intro')}</p>
        {support === 'unsupported' ? (
          <TitledCallout level={3} intent={Intent.WARNING} title={t('profile.push.unsupportedTitle')} data-testid="push-unsupported">
            {t('profile.push.unsupported')}
          </TitledCallout>
        ) : null}
        {support === 'installFirst' ? (
          <TitledCallout level={3} intent={Intent.PRIMARY} title={t('profile.push.installFirstTitle')} data-testid="push-install-first">
            {t('profile.push.installFirst')}
          </TitledCallout>
        ) : null}
        {usable ? (
          <>
            {status.isPending || browserHas === null ? (
              <Spinner size={20} aria-label={t('app.status.loading')} />
            ) : (
              <Switch
                large
                checked={on}
                disabled={busy}
                onChange={toggle}
                label={t('profile.push.thisDevice')}
                data-testid="push-this-device"
              />
            )}
            <p className="hearth-muted" aria-live="polite">
              {on ? t('profile.push.onHere') : t('profile.push.offHere')}{' '}
              {status.data ? t('profile.push.devices', { count: status.data.devices }) : null}
            </p>
            {refusal ? (
              <Callout intent={refusal === 'failed' ? Intent.DANGER : Intent.WARNING} role="alert" data-testid="push-refusal">
                {t(`profile.push.refused.${refusal}`)}
              </Callout>
            ) : null}
          </>
        ) : null}
        <fieldset className="hearth-push-choices" disabled={!prefs.data || save.isPending}>
          <legend>{t('profile.push.which')}</legend>
          {ALERTS.map((key) => (
            <Switch
              key={key}
              checked={prefs.data?.[key] ?? false}
              onChange={(e) => choose(key, e.currentTarget.checked)}
              labelElement={
                <span>
                  {t(`profile.push.alert.${key}.label`)}
                  <span className="hearth-push-hint">{t(`profile.push.alert.${key}.hint`)}</span>
                </span>
              }
            />
          ))}
        </fieldset>
        <p className="hearth-muted">{t('profile.push.quiet')}</p>
      </DialogBody>
      <DialogFooter actions={<Button onClick={onClose}>{t('common.action.close')}</Button>} />
    </AppDialog>
  );
}
