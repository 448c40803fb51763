import { Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { ArrowLeftIcon, CalendarIcon, HistoryIcon, ListIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Resident } from '@/types/api.gen';
import { CodeNotFound, ResidentDeceased, ResidentMovedOut } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { isApiError } from '@/lib/api/client';
import { useMedicationResident } from '../api/getResident';

export type MedPage = 'schedule' | 'log' | 'history';

const LINKS = [
  { page: 'schedule', path: '/emars/med-schedule/', key: 'medications.nav.schedule', icon: <CalendarIcon size={14} /> },
  { page: 'log', path: '/emars/med-log/', key: 'medications.nav.log', icon: <ListIcon size={14} /> },
  { page: 'history', path: '/emars/med-history/', key: 'medications.nav.history', icon: <HistoryIcon size={14} /> },
  { page: 'disposal', path: '/resident/medication-disposal/', key: 'medications.nav.disposal', icon: <TrashIcon size={14} /> },
] as const;

/** Whether the resident still lives here (their orders can change; moved out and deceased are kept as they were). */
export function livesHere(r: Resident | undefined): boolean {
  return !!r && r.status !== ResidentMovedOut && r.status !== ResidentDeceased;
}

/**
 * The top of the three medication pages: back to the eMAR, the page's title, whose medications they are
 * (name, room, allergies), and the links between the resident's schedule, log, history and disposals.
 * Answers null in place of the page while the resident is not found.
 */
export function ResidentMedHeader({ residentId, page, title }: { residentId: string; page: MedPage; title: string }) {
  const { t } = useTranslation();
  const resident = useMedicationResident(residentId);
  const r = resident.data;
  const missing = residentId === '' || (resident.isError && isApiError(resident.error) && resident.error.code === CodeNotFound);
  return (
    <>
      <Link to="/emars" className="hearth-muted">
        <ArrowLeftIcon /> {t('medications.nav.back')}
      </Link>
      <PageHeader title={title} />
      {missing ? <EmptyState title={t('medications.page.notFound')} className="hearth-gap-top" /> : null}
      {r ? (
        <p className="hearth-med-resident" data-testid="med-resident">
          <strong>{r.name || `${r.firstName} ${r.lastName}`}</strong>
          {r.room ? ` · ${t('medications.page.room', { room: r.room })}` : ''}
          {livesHere(r) ? '' : ` · ${t('medications.page.left')}`}
          {r.allergies ? (
            <span className="hearth-med-allergies" data-testid="med-allergies">
              {t('medications.page.allergies', { allergies: r.allergies })}
            </span>
          ) : null}
        </p>
      ) : resident.isPending && !missing ? (
        <Spinner size={20} />
      ) : null}
      <QueryErrorBanner query={resident} />
      {missing ? null : (
        <nav className="hearth-med-nav" aria-label={t('medications.nav.label')}>
          {LINKS.map((l) => (
            <Link
              key={l.page}
              to={`${l.path}${encodeURIComponent(residentId)}`}
              className={l.page === page ? 'hearth-med-nav-link hearth-med-nav-current' : 'hearth-med-nav-link'}
              aria-current={l.page === page ? 'page' : undefined}
              data-testid={`med-nav-${l.page}`}
            >
              {l.icon}
              {t(l.key)}
            </Link>
          ))}
        </nav>
      )}
    </>
  );
}
