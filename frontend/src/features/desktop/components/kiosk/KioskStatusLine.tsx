import { CloudIcon, OfflineIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { DesktopStatus } from '@/types/api.gen';

/** The bottom line: online or offline (icon and words), punches waiting in this kiosk's outbox, the kiosk's name. */
export function KioskStatusLine({ status, deviceName }: { status: DesktopStatus | null; deviceName: string }) {
  const { t } = useTranslation();
  const online = status?.online ?? true;
  const waiting = status?.outboxWaiting ?? 0;
  return (
    <div className="hearth-kiosk-status" data-testid="kiosk-status" data-online={online ? 'yes' : 'no'}>
      <span className={online ? 'hearth-kiosk-online' : 'hearth-kiosk-offline'}>
        {online ? <CloudIcon aria-hidden /> : <OfflineIcon aria-hidden />} {online ? t('desktop.kiosk.status.online') : t('desktop.kiosk.status.offline')}
      </span>
      <span data-testid="kiosk-outbox" data-waiting={waiting}>
        {waiting > 0 ? t('desktop.kiosk.status.waiting', { count: waiting }) : t('desktop.kiosk.status.allSent')}
      </span>
      {status?.syncError ? (
        <span className="hearth-kiosk-offline" data-testid="kiosk-sync-error" title={status.syncError}>
          {t('desktop.kiosk.status.refused', { count: waiting })}
        </span>
      ) : null}
      {deviceName ? <span>{t('desktop.kiosk.status.device', { name: deviceName })}</span> : null}
    </div>
  );
}
