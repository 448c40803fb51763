import { useState, type FormEvent } from 'react';
import { Alert, Button, Callout, Classes, FormGroup, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { DuplicateIcon, PlusIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { KioskActive, KioskNameMax, type KioskDevice, type KioskRegistration } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { useSessionStore } from '@/lib/session/store';
import { formatDateTime } from '@/lib/time/dateTime';
import { kioskDevicesKey, registerKiosk, revokeKiosk, useKioskDevices } from '../api/kioskDevices';

/**
 * The owner's door kiosks (issue 5 "Kiosk support"): register one (its credential is shown once, to type
 * or paste into the kiosk app), see when each was last seen, revoke one at once.
 */
export function KioskDevicesPanel() {
  const { t } = useTranslation();
  const zone = useSessionStore((s) => s.session?.timeZone) || undefined;
  const language = currentLanguage();
  const list = useKioskDevices(true);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<KioskRegistration | null>(null);
  const [revoking, setRevoking] = useState<KioskDevice | null>(null);
  const revoke = useAppMutation({
    mutationFn: revokeKiosk,
    invalidates: [kioskDevicesKey],
    success: 'attendance.done.kioskRevoked',
    onSettled: () => setRevoking(null),
  });

  return (
    <div data-testid="kiosk-devices">
      <p className="hearth-muted">{t('attendance.kiosk.intro')}</p>
      <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={() => setAdding(true)}>
        {t('attendance.kiosk.register')}
      </Button>
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
        <HTMLTable compact striped className="hearth-gap-top">
          <thead>
            <tr>
              <th>{t('attendance.kiosk.name')}</th>
              <th>{t('attendance.kiosk.status')}</th>
              <th>{t('attendance.kiosk.created')}</th>
              <th>{t('attendance.kiosk.lastSeen')}</th>
              <th>
                <span className="hearth-sr-only">{t('common.table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((d) => (
              <tr key={d.deviceId}>
                <td>{d.deviceName}</td>
                <td>
                  <Tag minimal intent={d.status === KioskActive ? Intent.SUCCESS : Intent.NONE}>
                    {d.status === KioskActive ? t('attendance.kiosk.active') : t('attendance.kiosk.revoked')}
                  </Tag>
                </td>
                <td className="hearth-cell-nowrap">
                  {formatDateTime(d.createTime, zone, language)} · {d.creatorName}
                </td>
                <td className="hearth-cell-nowrap">{d.lastSeenTime ? formatDateTime(d.lastSeenTime, zone, language) : '—'}</td>
                <td>
                  {d.status === KioskActive ? (
                    <Button size="small" intent={Intent.DANGER} variant="outlined" onClick={() => setRevoking(d)}>
                      {t('attendance.kiosk.revoke')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {list.data && list.data.length === 0 ? <p className="hearth-muted">{t('attendance.kiosk.none')}</p> : null}

      {adding ? (
        <RegisterDialog
          onClose={() => setAdding(false)}
          onRegistered={(r) => {
            setAdding(false);
            setShown(r);
          }}
        />
      ) : null}
      {shown ? (
        <AppDialog title={t('attendance.kiosk.credentialTitle', { name: shown.device.deviceName })} onClose={() => setShown(null)} style={{ width: 560 }}>
          <div className={Classes.DIALOG_BODY}>
            <Callout intent={Intent.WARNING}>{t('attendance.kiosk.credentialOnce')}</Callout>
            <InputGroup
              className="hearth-gap-top"
              readOnly
              value={shown.credential}
              aria-label={t('attendance.kiosk.credential')}
              onFocus={(e) => e.currentTarget.select()}
              rightElement={
                <Button variant="minimal" icon={<DuplicateIcon />} aria-label={t('attendance.kiosk.copy')} onClick={() => void navigator.clipboard?.writeText(shown.credential)} />
              }
            />
          </div>
          <div className={Classes.DIALOG_FOOTER}>
            <div className={Classes.DIALOG_FOOTER_ACTIONS}>
              <Button intent={Intent.PRIMARY} onClick={() => setShown(null)}>
                {t('attendance.kiosk.done')}
              </Button>
            </div>
          </div>
        </AppDialog>
      ) : null}
      <Alert
        isOpen={revoking !== null}
        intent={Intent.DANGER}
        confirmButtonText={t('attendance.kiosk.revoke')}
        cancelButtonText={t('common.action.cancel')}
        loading={revoke.isPending}
        canEscapeKeyCancel
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate({ deviceId: revoking.deviceId })}
      >
        <p>{t('attendance.kiosk.revokeConfirm', { name: revoking?.deviceName ?? '' })}</p>
      </Alert>
    </div>
  );
}

function RegisterDialog({ onClose, onRegistered }: { onClose: () => void; onRegistered: (r: KioskRegistration) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const register = useAppMutation({
    mutationFn: registerKiosk,
    invalidates: [kioskDevicesKey],
    success: 'attendance.done.kioskRegistered',
    onSuccess: onRegistered,
  });
  const error = missing ? t('attendance.kiosk.nameRequired') : register.isPending ? '' : (fieldErrors(register.error).deviceName ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(name.trim() === '');
    if (name.trim() === '') return;
    register.mutate({ deviceName: name.trim() });
  };
  return (
    <AppDialog title={t('attendance.kiosk.register')} onClose={onClose} style={{ width: 460 }}>
      <form onSubmit={submit} noValidate>
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label={t('attendance.kiosk.name')} labelFor="kiosk-name" labelInfo={t('attendance.kiosk.nameHint')} intent={error ? Intent.DANGER : Intent.NONE} helperText={error || undefined}>
            <InputGroup id="kiosk-name" autoFocus maxLength={KioskNameMax} value={name} onValueChange={setName} />
          </FormGroup>
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="submit" intent={Intent.PRIMARY} loading={register.isPending}>
              {t('attendance.kiosk.register')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
