import { Card, H2, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { useSessionStore } from '@/lib/session/store';
import { formatDateTime } from '@/lib/time/dateTime';
import { getDesktopOutbox } from '../api/outbox';

const stateIntent: Record<string, Intent> = { WAITING: Intent.WARNING, SENT: Intent.SUCCESS, REFUSED: Intent.DANGER };
const stateKey = {
  WAITING: 'desktop.outbox.states.WAITING',
  SENT: 'desktop.outbox.states.SENT',
  REFUSED: 'desktop.outbox.states.REFUSED',
} as const;

/**
 * The owner's view of this computer's kiosk punches (after leaving kiosk mode): what still waits to reach the
 * server, what it refused and why, and what went in the last 7 days. Nothing when the outbox is empty.
 */
export function OutboxCard() {
  const { t } = useTranslation();
  const zone = useSessionStore((s) => s.session?.timeZone) || undefined;
  const outbox = useQuery({ queryKey: ['desktop', 'outbox'], queryFn: ({ signal }) => getDesktopOutbox(signal), refetchInterval: 10_000 });
  const rows = outbox.data ?? [];
  if (rows.length === 0) return null;
  const language = currentLanguage();
  return (
    <Card className="hearth-gap-top" data-testid="desktop-outbox">
      <H2>{t('desktop.outbox.title')}</H2>
      <p className="hearth-muted">{t('desktop.outbox.intro')}</p>
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>{t('desktop.outbox.who')}</th>
              <th>{t('desktop.outbox.when')}</th>
              <th>{t('desktop.outbox.state')}</th>
              <th>{t('desktop.outbox.attempts')}</th>
              <th>{t('desktop.outbox.error')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.clientPunchId} data-state={r.state}>
                <td>{r.caregiverName}</td>
                <td>{formatDateTime(r.punchTime, zone, language)}</td>
                <td>
                  <Tag minimal intent={stateIntent[r.state]}>
                    {t(stateKey[r.state as keyof typeof stateKey] ?? stateKey.WAITING)}
                  </Tag>
                </td>
                <td>{r.attempts}</td>
                <td>{r.lastError ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </Card>
  );
}
