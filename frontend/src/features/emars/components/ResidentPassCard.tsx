import { useId } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { HistoryIcon, ListIcon, PillIcon, PulseIcon, CalendarIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EmarResident, MedPass, RoutineSession } from '@/types/api.gen';
import { ResidentPhoto } from '@/components/emar/ResidentPhoto';
import { careLabel, SESSION_KEYS } from '@/lib/care/taskLabels';
import { ASSISTANCE_KEYS } from '@/lib/emar/emarLabels';
import { groupBySession } from '@/lib/emar/passGroups';
import { prnOrders } from '@/lib/emar/passRules';
import { residentsPathFor, vitalsEntryUrl } from '@/lib/residents/residentPaths';
import { useFacilityViewer } from '@/lib/session/viewer';
import { PassItem } from './PassItem';


interface ResidentPassCardProps {
  resident: EmarResident;
  /** The passes in view (the page's session and filter; every pass of the day when not given). */
  passes?: MedPass[];
  /** Done passes of the session folded away (the page's "Show done"). */
  folded?: number;
  sessions: readonly RoutineSession[];
  zoneCode: string | undefined;
  /** PRN doses can be given (today's page, not another day's). */
  canGivePrn: boolean;
  onOpen: (pass: MedPass) => void;
  onGivePrn: (resident: EmarResident) => void;
}

/**
 * A resident's card on /emars: photo, name, room, allergies and assistance level, the red count, the
 * day's scheduled passes under the facility's sessions, the PRN doses given that day with their effect
 * checks, "Give as needed", and the links to the resident's schedule, log, history and disposals, and to
 * record vitals (the health monitor with its entry open).
 */
export function ResidentPassCard({ resident: r, passes = r.passes, folded = 0, sessions, zoneCode, canGivePrn, onOpen, onGivePrn }: ResidentPassCardProps) {
  const { t } = useTranslation();
  const viewer = useFacilityViewer();
  const titleId = useId();
  const groups = groupBySession(passes, sessions);
  const prnPasses = passes.filter((p) => p.kind === 'PRN').sort((a, b) => (b.givenTime ?? 0) - (a.givenTime ?? 0));
  const controlled = new Set(r.medications.filter((m) => m.controlled).map((m) => m.medicationId));
  const prn = prnOrders(r);
  const item = (p: MedPass) => (
    <li key={p.passId}>
      <PassItem pass={p} zoneCode={zoneCode} controlled={controlled.has(p.medicationId)} onOpen={onOpen} />
    </li>
  );
  const id = encodeURIComponent(r.residentId);
  return (
    <section className="hearth-emar-card" aria-labelledby={titleId} data-testid="emar-resident" data-resident-id={r.residentId} data-name={r.name} data-red-count={r.redCount}>
      <div className="hearth-emar-card-head">
        <ResidentPhoto name={r.name} url={r.avatarUrl || undefined} size={48} />
        <div className="hearth-emar-card-who">
          <h2 id={titleId} className="hearth-emar-card-name">
            {r.name}
          </h2>
          <p className="hearth-muted">
            {[r.room ? t('emars.card.room', { room: r.room }) : '', careLabel(t, ASSISTANCE_KEYS, r.assistanceLevel)].filter(Boolean).join(' · ')}
          </p>
          {r.allergies ? (
            <p className="hearth-emar-allergies" data-testid="emar-allergies">
              {t('emars.card.allergies', { allergies: r.allergies })}
            </p>
          ) : null}
        </div>
        {r.redCount > 0 ? (
          <span className="hearth-emar-red-count" data-testid="emar-red-count">
            {t('emars.card.redCount', { count: r.redCount })}
          </span>
        ) : null}
      </div>
      <div className="hearth-emar-card-actions">
        {canGivePrn && prn.length > 0 ? (
          <Button icon={<PillIcon />} intent={Intent.PRIMARY} onClick={() => onGivePrn(r)} aria-describedby={titleId} data-testid="emar-give-prn">
            {t('emars.card.givePrn')}
          </Button>
        ) : null}
        <nav className="hearth-emar-links" aria-label={t('emars.card.records', { name: r.name })}>
          <Link className="hearth-emar-link" to={`/emars/med-schedule/${id}`} data-testid="emar-link-schedule">
            <CalendarIcon size={14} />
            {t('emars.card.schedule')}
          </Link>
          <Link className="hearth-emar-link" to={`/emars/med-log/${id}`} data-testid="emar-link-log">
            <ListIcon size={14} />
            {t('emars.card.log')}
          </Link>
          <Link className="hearth-emar-link" to={`/emars/med-history/${id}`} data-testid="emar-link-history">
            <HistoryIcon size={14} />
            {t('emars.card.history')}
          </Link>
          <Link className="hearth-emar-link" to={`/resident/medication-disposal/${id}`} data-testid="emar-link-disposal">
            <TrashIcon size={14} />
            {t('emars.card.disposal')}
          </Link>
          <Link className="hearth-emar-link" to={vitalsEntryUrl(residentsPathFor(viewer.manager), r.residentId)} data-testid="emar-link-vitals">
            <PulseIcon size={14} />
            {t('emars.card.vitals')}
          </Link>
        </nav>
      </div>
      {groups.map((g) => (
        <div key={`${g.session}-${g.from}`} className="hearth-emar-session">
          <h3 className="hearth-emar-session-title">{careLabel(t, SESSION_KEYS, g.session)}</h3>
          <ul className="hearth-emar-passes">{g.passes.map(item)}</ul>
        </div>
      ))}
      {prnPasses.length > 0 ? (
        <div className="hearth-emar-session">
          <h3 className="hearth-emar-session-title">{t('emars.card.prnToday')}</h3>
          <ul className="hearth-emar-passes" data-testid="emar-prn-passes">
            {prnPasses.map(item)}
          </ul>
        </div>
      ) : null}
      {groups.length === 0 && prnPasses.length === 0 ? (
        <p className="hearth-muted" data-testid="emar-card-quiet">
          {r.passes.length === 0 ? t('emars.card.noPasses') : folded > 0 ? t('emars.card.allDone', { n: folded }) : t('emars.card.nothingNow')}
        </p>
      ) : folded > 0 ? (
        <p className="hearth-muted hearth-emar-folded" data-testid="emar-card-folded">
          {t('emars.card.folded', { n: folded })}
        </p>
      ) : null}
    </section>
  );
}
