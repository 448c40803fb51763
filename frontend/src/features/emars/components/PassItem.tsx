import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { MedPass } from '@/types/api.gen';
import { PassStatusTag } from '@/components/emar/PassStatusTag';
import { careLabel } from '@/lib/care/taskLabels';
import { ROUTE_KEYS } from '@/lib/emar/emarLabels';
import { paletteOf } from '@/lib/emar/passColours';
import { followUpPending, isQueued, localConflictOf } from '@/lib/emar/passRules';
import { currentLanguage } from '@/lib/i18n';
import { formatTime } from '@/lib/time/dateTime';

interface PassItemProps {
  pass: MedPass;
  zoneCode: string | undefined;
  /** A controlled substance (the order says): marked on the item. */
  controlled: boolean;
  onOpen: (pass: MedPass) => void;
}

/**
 * One pass on a resident's card, one tap to open it: the time, the drug, dose and route, who logged it,
 * and its status in its colour (the stripe and the tag, with words). A PRN dose shows when it was given
 * and where its effect check stands.
 */
export function PassItem({ pass: p, zoneCode, controlled, onOpen }: PassItemProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const prn = p.kind === 'PRN';
  const time = formatTime(prn ? (p.givenTime ?? 0) : p.dueTime, zoneCode, language);
  const pending = followUpPending(p);
  const queued = isQueued(p);
  const conflict = localConflictOf(p);
  const style = { '--pass-stripe': paletteOf(p.colour).stripe } as CSSProperties;
  return (
    <button
      type="button"
      className="hearth-pass-item"
      style={style}
      onClick={() => onOpen(p)}
      data-testid="emar-pass"
      data-pass-id={p.passId}
      data-medication={p.medicationName}
      data-status={p.status}
      data-colour={p.colour}
      data-kind={p.kind}
      data-follow-up={p.followUpStatus ?? ''}
      data-queued={queued || undefined}
    >
      <span className="hearth-pass-time">{time}</span>
      <span className="hearth-pass-what">
        <span className="hearth-pass-name">{p.medicationName}</span>
        <span className="hearth-pass-dose">
          {[p.doseGiven || p.dose, careLabel(t, ROUTE_KEYS, p.route)].filter(Boolean).join(' · ')}
          {prn ? <span className="hearth-pass-flag">{t('emars.item.prn')}</span> : null}
          {p.medicationType === 'SNF' ? <span className="hearth-pass-flag">{t('emars.item.snf')}</span> : null}
          {controlled ? <span className="hearth-pass-flag">{t('emars.item.controlled')}</span> : null}
        </span>
        {p.outcome && p.initials ? (
          <span className="hearth-pass-by">{t('emars.item.loggedBy', { initials: p.initials, time: formatTime(p.givenTime ?? 0, zoneCode, language) })}</span>
        ) : null}
        {prn && p.followUpStatus === 'DONE' ? (
          <span className="hearth-pass-by">{p.followUpEffective ? t('emars.item.helped') : t('emars.item.didNotHelp')}</span>
        ) : null}
        {queued ? <span className="hearth-pass-queued">{t('emars.item.queued')}</span> : null}
        {conflict ? (
          <span className="hearth-pass-conflict" data-testid="pass-local-conflict">
            {t(conflict.onPhone ? 'emars.item.conflictPhone' : 'emars.item.conflict', { winner: p.staffName ?? '', mine: conflict.staffName })}
          </span>
        ) : null}
        {p.ackTime ? <span className="hearth-pass-by">{t('emars.item.acknowledged', { name: p.ackByName ?? '' })}</span> : null}
      </span>
      <span className="hearth-pass-tags">
        {prn ? (
          <PassStatusTag status={p.followUpStatus || p.status} followUp={!!p.followUpStatus} />
        ) : (
          <PassStatusTag status={p.status} />
        )}
        {pending ? <span className="hearth-pass-action">{t('emars.item.documentEffect')}</span> : null}
      </span>
    </button>
  );
}
