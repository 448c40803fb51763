import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Intent } from '@blueprintjs/core';
import { TitledCallout } from '@/components/TitledCallout';
import { CloudUploadIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { useSessionStore } from '@/lib/session/store';
import { formatTime } from '@/lib/time/dateTime';
import { useOutboxStore, type OutboxEntry } from '@/lib/phone/outboxStore';
import { dismissEntry } from '@/lib/phone/outboxSend';
import '../pwa.css';

/**
 * What this phone keeps to send (lib/phone/outbox.ts): a line with how many writes wait (their list under Show),
 * and each write the server did not keep — someone was first, or it was refused — until the person says OK.
 * Test ids: phone-outbox (data-count), phone-outbox-item (data-kind), phone-outbox-problem (data-state), phone-outbox-seen.
 */
export function PhoneOutbox() {
  const { t } = useTranslation();
  const entries = useOutboxStore((s) => s.entries);
  const sending = useOutboxStore((s) => s.sending);
  const zone = useSessionStore((s) => s.session?.timeZone) || undefined;
  const [open, setOpen] = useState(false);
  const changedAt = useOutboxStore((s) => s.changedAt);
  const queryClient = useQueryClient();
  // Writes reached the server (or lost to someone's): what the screen shows is read again.
  useEffect(() => {
    if (changedAt > 0) void queryClient.invalidateQueries();
  }, [changedAt, queryClient]);
  const waiting = entries.filter((e) => e.state === 'WAITING');
  const problems = entries.filter((e) => e.state !== 'WAITING');
  const time = (ms: number) => formatTime(ms, zone, currentLanguage());
  const what = (e: OutboxEntry) => [t(`app.outbox.kind.${e.kind}`), e.label.title, e.label.residentName].filter(Boolean).join(' · ');
  if (waiting.length === 0 && problems.length === 0) return null;
  return (
    <section className="hearth-phone-outbox" aria-label={t('app.outbox.listLabel')}>
      {waiting.length > 0 ? (
        <div className="hearth-phone-outbox-line" role="status" data-testid="phone-outbox" data-count={waiting.length}>
          <CloudUploadIcon aria-hidden />
          <span>{sending ? t('app.outbox.sending') : t('app.outbox.waiting', { count: waiting.length })}</span>
          <Button variant="minimal" size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="hearth-phone-outbox-list">
            {open ? t('app.outbox.hide') : t('app.outbox.show')}
          </Button>
        </div>
      ) : null}
      {open && waiting.length > 0 ? (
        <ul id="hearth-phone-outbox-list" className="hearth-phone-outbox-list">
          {waiting.map((e) => (
            <li key={e.seq} data-testid="phone-outbox-item" data-kind={e.kind}>
              {what(e)} — {t('app.outbox.madeAt', { time: time(e.madeAt) })}
            </li>
          ))}
        </ul>
      ) : null}
      {problems.map((e) => (
        <TitledCallout
          level={2}
          key={e.seq}
          intent={Intent.DANGER}
          title={e.state === 'CONFLICT' ? t('app.outbox.conflictTitle') : t('app.outbox.refusedTitle')}
          className="hearth-phone-outbox-problem"
          data-testid="phone-outbox-problem"
          data-state={e.state}
          data-kind={e.kind}
        >
          <p>{problemText(e)}</p>
          <Button intent={Intent.DANGER} onClick={() => void dismissEntry(e)} data-testid="phone-outbox-seen">
            {t('app.outbox.seen')}
          </Button>
        </TitledCallout>
      ))}
    </section>
  );

  function problemText(e: OutboxEntry): string {
    if (e.state === 'CONFLICT' && e.other) {
      const args = { what: what(e), name: e.other.name, time: time(e.other.time) };
      if (e.kind === 'task') return t('app.outbox.conflictTask', args);
      if (e.kind === 'followUp') return t('app.outbox.conflictCheck', args);
      return t('app.outbox.conflictPass', args);
    }
    return t('app.outbox.refused', { what: what(e), message: e.messageKey ? t(e.messageKey as 'app.outbox.doseNotRecorded') : (e.message ?? '') });
  }
}
