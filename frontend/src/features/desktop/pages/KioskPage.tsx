import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { LogOutIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { kioskHomeKey, useKioskHome } from '../api/kioskHome';
import { kioskPunch } from '../api/kioskPunch';
import { CaregiverGrid } from '../components/kiosk/CaregiverGrid';
import { KioskClock } from '../components/kiosk/KioskClock';
import { KioskStatusLine } from '../components/kiosk/KioskStatusLine';
import { LeaveKioskDialog } from '../components/kiosk/LeaveKioskDialog';
import { PinPad } from '../components/kiosk/PinPad';
import { PunchConfirmation } from '../components/kiosk/PunchConfirmation';
import { KioskSession } from '../kioskSession';
import { refreshDesktopStatus, useDesktopStore } from '../shell';
import '../kiosk.css';

/**
 * /kiosk, the clock-in terminal at the facility door (issue 6): no sign-in; the desktop shell adds the
 * kiosk's credential to its calls. Start screen (names) → PIN pad → confirmation → start again, with
 * nothing of the previous person kept (KioskSession). Works by touch alone and by keyboard alone.
 */
export default function KioskPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const home = useKioskHome();
  const status = useDesktopStore((s) => s.status);
  const [session] = useState(
    () =>
      new KioskSession({
        // The status line's count of waiting punches is asked again at once, not at the next 5 s poll.
        punch: (req) => kioskPunch(req).finally(() => void refreshDesktopStatus()),
        // Fresh names and on-shift markers for the next person; the punch answer itself was never cached.
        onReset: () => void queryClient.invalidateQueries({ queryKey: kioskHomeKey }),
      }),
  );
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => () => session.dispose(), [session]);

  // PIN pad and confirmation keys; the start screen's own keys live in CaregiverGrid.
  useEffect(() => {
    if (leaving) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      const onButton = target?.tagName === 'BUTTON';
      if (session.key(e.key, onButton)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session, leaving]);

  const zone = home.data?.timeZone;
  const deviceName = home.data?.deviceName || status?.deviceName || '';
  const facility = home.data?.facilityName || status?.facilityName || '';

  let body;
  if (state.step === 'pin') {
    body = (
      <PinPad
        caregiver={state.caregiver}
        length={state.pin.length}
        busy={state.busy}
        error={state.error}
        onDigit={session.digit}
        onBackspace={session.backspace}
        onSubmit={() => void session.submit()}
        onBack={session.back}
      />
    );
  } else if (state.step === 'done') {
    body = <PunchConfirmation result={state.result} zone={zone} onDone={session.reset} />;
  } else if (home.data && home.data.caregivers.length > 0) {
    // A failed refresh keeps the names already shown (the shell's cache answers offline anyway).
    body = (
      <>
        <h2 className="hearth-kiosk-prompt">{t('desktop.kiosk.pick')}</h2>
        <CaregiverGrid caregivers={home.data.caregivers} onPick={session.pick} keysActive={!leaving} />
        <p className="hearth-muted hearth-kiosk-hint">{t('desktop.kiosk.pickKeyboard')}</p>
      </>
    );
  } else if (home.data) {
    body = <EmptyState title={t('desktop.kiosk.noCaregivers')} />;
  } else if (home.isError) {
    body = (
      <Callout intent={Intent.WARNING} className="hearth-kiosk-callout" data-testid="kiosk-load-failed">
        <p>{t('desktop.kiosk.loadFailed')}</p>
        <Button size="large" onClick={() => void home.refetch()}>
          {t('desktop.kiosk.retry')}
        </Button>
      </Callout>
    );
  } else {
    body = <Spinner size={64} />;
  }

  return (
    <div className="hearth-kiosk" data-testid="kiosk" data-step={state.step}>
      <header className="hearth-kiosk-header">
        <h1 className="hearth-kiosk-facility" data-testid="kiosk-facility">
          {facility || t('desktop.kiosk.title')}
        </h1>
        <KioskClock zone={zone} />
      </header>
      <main className="hearth-kiosk-main">{body}</main>
      <footer className="hearth-kiosk-footer">
        <KioskStatusLine status={status} deviceName={deviceName} />
        <Button
          variant="minimal"
          className="hearth-kiosk-leave"
          icon={<LogOutIcon />}
          data-testid="kiosk-leave"
          onClick={() => {
            session.reset();
            setLeaving(true);
          }}
        >
          {t('desktop.kiosk.leave.open')}
        </Button>
      </footer>
      {leaving ? <LeaveKioskDialog onClose={() => setLeaving(false)} /> : null}
    </div>
  );
}
