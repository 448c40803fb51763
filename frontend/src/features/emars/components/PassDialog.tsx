import { useState } from 'react';
import { Callout, DialogBody, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PassWindowMinutes, type EmarResident, type Medication, type MedPass } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { canAcknowledge, followUpPending, localConflictOf, type PassOrder } from '@/lib/emar/passRules';
import { passClock, passOpen, passOpensAt } from '@/lib/emar/passClock';
import { checkVital } from '@/lib/emar/vitals';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime, formatTime } from '@/lib/time/dateTime';
import { useNow } from '@/lib/time/useNow';
import { AcknowledgeForm } from './AcknowledgeForm';
import { FiveRights } from './FiveRights';
import { FollowUpForm } from './FollowUpForm';
import { LoggedDetails } from './LoggedDetails';
import { LogPassForm } from './LogPassForm';

interface PassDialogProps {
  pass: MedPass;
  resident: EmarResident;
  /** Owners and admins: acknowledge a red item. */
  manager: boolean;
  /** Who is looking: a log by someone else that arrives while the form is open is named. */
  userId: string | undefined;
  zoneCode: string | undefined;
  onClose: () => void;
}

/** The order a pass is of, as the card's orders have it; the pass's own copy when the order is gone. */
export function orderOfPass(pass: MedPass, orders: readonly Medication[]): { order: Medication | undefined; rules: PassOrder } {
  const order = orders.find((m) => m.medicationId === pass.medicationId);
  const rules: PassOrder = order ?? {
    route: pass.route,
    siteRequired: false,
    controlled: false,
    onHold: pass.status === 'ON_HOLD',
    vital: '',
    slidingScale: [],
  };
  return { order, rules };
}

/**
 * One pass, opened by one tap: the five rights to check (resident with photo, drug, dose, route, time),
 * then, not yet logged, the vital and the outcome; logged, what was logged and by whom. A PRN dose
 * documents its effect here; owners and admins acknowledge a red item. Someone else's log that came
 * first is shown as theirs ("already logged by … at …").
 */
export function PassDialog({ pass, resident, manager, userId, zoneCode, onClose }: PassDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // Someone else's log (or effect check) that came first: theirs is shown, with who and when.
  const [already, setAlready] = useState<{ pass: MedPass; text: string } | null>(null);
  const [reading, setReading] = useState('');
  const [openedUnlogged] = useState(() => !pass.outcome);
  const now = useNow(15_000);
  const shown = already?.pass ?? pass;
  // An unlogged pass's status on this device's clock (shared/passclock.go): the form follows the window
  // opening and closing while the dialog is open, without waiting for the minute's refresh.
  const live = shown.kind === 'SCHEDULED' && !shown.outcome && shown.status !== 'ON_HOLD';
  const p = live ? { ...shown, status: passClock(shown.dueTime, now) } : shown;
  // Logged by someone else while this dialog was open (the minute's refresh brought it): say who.
  const meanwhile = !already && openedUnlogged && !!p.outcome && p.staffId !== userId;
  const { order, rules } = orderOfPass(p, resident.medications);
  const open = p.kind === 'SCHEDULED' && !p.outcome;
  // Before its window opens a pass cannot be charted at all, whatever the outcome (the server refuses it too).
  const notYet = open && !passOpen(p.dueTime, now);
  const scale = order?.slidingScale?.length ? checkVital(order, reading) : undefined;
  const dose = p.outcome
    ? p.doseGiven || p.dose
    : scale
      ? scale.kind === 'ok' && scale.scaleDose !== undefined
        ? t('emars.rights.scaleDoseFor', { dose: scale.scaleDose })
        : t('emars.rights.scaleDose')
      : order?.dose || p.dose;
  return (
    <AppDialog title={p.medicationName} onClose={onClose} className="hearth-pass-dialog" style={{ width: 600 }}>
      <DialogBody>
        <div data-testid="pass-dialog" data-pass-id={p.passId} data-status={p.status}>
          {already || meanwhile ? (
            <Callout intent={Intent.WARNING} compact role="alert" className="hearth-gap-bottom" data-testid="pass-already-logged">
              {already?.text ?? t('emars.pass.alreadyLogged', { name: p.staffName ?? '', time: formatTime(p.givenTime ?? 0, zoneCode, language) })}
            </Callout>
          ) : null}
          {localConflictOf(p) ? (
            <Callout intent={Intent.WARNING} compact role="alert" className="hearth-gap-bottom" data-testid="pass-local-conflict">
              {t(localConflictOf(p)?.onPhone ? 'emars.item.conflictPhone' : 'emars.item.conflict', { winner: p.staffName ?? '', mine: localConflictOf(p)?.staffName ?? '' })}
            </Callout>
          ) : null}
          <FiveRights resident={resident} order={order} pass={p} dose={dose} zoneCode={zoneCode} />
          {notYet ? (
            <Callout intent={Intent.PRIMARY} compact className="hearth-gap-top" data-testid="pass-not-open">
              {t('emars.pass.notOpen', { time: formatDateTime(passOpensAt(p.dueTime), zoneCode, language), minutes: PassWindowMinutes })}
            </Callout>
          ) : open ? (
            <LogPassForm pass={p} order={rules} reading={reading} onReading={setReading} zoneCode={zoneCode} onDone={onClose} onAlreadyLogged={(first) =>
                setAlready({ pass: first, text: t('emars.pass.alreadyLogged', { name: first.staffName ?? '', time: formatTime(first.givenTime ?? 0, zoneCode, language) }) })
              }
            />
          ) : (
            <LoggedDetails pass={p} zoneCode={zoneCode} />
          )}
          {followUpPending(p) ? (
            <section className="hearth-pass-section" aria-label={t('emars.followUp.title')}>
              <h3 className="hearth-pass-section-title">{t('emars.followUp.title')}</h3>
              <FollowUpForm
                pass={p}
                onDone={onClose}
                onAlready={(first) =>
                  setAlready({ pass: first, text: t('emars.followUp.already', { name: first.followUpByName ?? '', time: formatTime(first.followUpTime ?? 0, zoneCode, language) }) })
                }
              />
            </section>
          ) : null}
          {manager && canAcknowledge(p) ? (
            <section className="hearth-pass-section" aria-label={t('emars.ack.title')}>
              <AcknowledgeForm pass={p} onDone={onClose} />
            </section>
          ) : null}
        </div>
      </DialogBody>
    </AppDialog>
  );
}
