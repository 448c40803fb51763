import { useEffect, useRef } from 'react';
import { TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { KioskPunchResult } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { facilityTime } from './KioskClock';

/**
 * "Amina Njoroge — clocked in at 07:02" on the facility's clock; when the kiosk only saved it (offline), says
 * so. Enter, Escape or Done return to the start at once; otherwise KioskSession does after 5 s.
 * Test ids: kiosk-confirmation (data-punch IN|OUT, data-queued), kiosk-done.
 */
export function PunchConfirmation({ result, zone, onDone }: { result: KioskPunchResult; zone: string | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  const time = facilityTime(result.punchTime, zone, currentLanguage());
  const words =
    result.punchType === 'OUT'
      ? t('desktop.kiosk.clockedOut', { name: result.caregiverName, time })
      : t('desktop.kiosk.clockedIn', { name: result.caregiverName, time });
  return (
    <div
      className="hearth-kiosk-done"
      ref={box}
      tabIndex={-1}
      role="status"
      data-testid="kiosk-confirmation"
      data-punch={result.punchType}
      data-queued={result.queued ? 'yes' : 'no'}
    >
      <TickCircleIcon size={96} className={result.queued ? 'hearth-kiosk-done-icon-queued' : 'hearth-kiosk-done-icon'} aria-hidden />
      <p className="hearth-kiosk-done-text">{words}</p>
      {result.queued ? <p className="hearth-kiosk-queued">{t('desktop.kiosk.queued')}</p> : null}
      <p className="hearth-muted">{t('desktop.kiosk.clears')}</p>
      <button type="button" className="hearth-kiosk-back" data-testid="kiosk-done" onClick={onDone}>
        {t('desktop.kiosk.done')}
      </button>
    </div>
  );
}
