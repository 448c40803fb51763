import { useState, type ReactNode } from 'react';
import { Alert, Button, Callout, Intent, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { ArrowLeftIcon, EditIcon, HistoryIcon, HomeIcon, LogOutIcon, RemoveIcon, WalkIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Resident } from '@/types/api.gen';
import { CodeNotFound, FileAssessment, FileMedicalRecord, ResidentGoingOut, ResidentMovedOut } from '@/types/api.gen';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { useSessionStore } from '@/lib/session/store';
import { useFacilityViewer } from '@/lib/session/viewer';
import { useShell } from '@/lib/shell';
import { formatDateTime } from '@/lib/time/dateTime';
import { residentsKey } from '../api/keys';
import { useResident } from '../api/getResidentById';
import { returnFacility } from '../api/returnFacility';
import { AuditTrailDialog } from '../components/AuditTrailDialog';
import { ContactsTab } from '../components/ContactsTab';
import { FilesTab } from '../components/FilesTab';
import { FinalStatusDialog, type FinalStatus } from '../components/FinalStatusDialog';
import { GoingOutDialog } from '../components/GoingOutDialog';
import { ProfileTab } from '../components/ProfileTab';
import { ResidentAvatar } from '../components/ResidentAvatar';
import { ResidentFormDialog } from '../components/ResidentFormDialog';
import { ResidentBadges, ResidentStatusTag } from '../components/ResidentTags';
import { DESTINATION_KEYS, labelOf } from '@/lib/residents/residentLabels';
import { FACILITY_RESIDENTS_PATH, residentsBase } from '../residentPaths';
import { allowedActions, isFinalStatus } from '@/lib/residents/residentRules';
import '../residents.css';

/** The residents feature's own tabs (000 §2 "Profile tabs"); medication, notes and monitors come with their issues. */
const TABS = ['profile', 'medicalRecords', 'assessment', 'contacts', 'documents'] as const;
type OwnTabId = (typeof TABS)[number];

/**
 * A tab another feature brings (the care plan, upcoming events), handed in by the page in src/app/pages that
 * combines them; it sits after the tab named by `after`, in the order of 000 §2.
 */
export interface ResidentTab {
  id: string;
  /** The tab's name, with a count beside it when it has one (unread progress notes). */
  title: ReactNode;
  after: OwnTabId;
  panel: (resident: Resident, ctx: { editable: boolean; zone: string | undefined }) => ReactNode;
}

const TAB_KEYS = {
  profile: 'residents.tab.profile',
  medicalRecords: 'residents.tab.medicalRecords',
  assessment: 'residents.tab.assessment',
  contacts: 'residents.tab.contacts',
  documents: 'residents.tab.documents',
} as const;

type Dialog = { kind: 'edit' } | { kind: 'goingOut' } | { kind: 'return' } | { kind: 'final'; final: FinalStatus } | { kind: 'audit' };

/**
 * /resident-management/detail?residentId= (owners, admins) and /resident/detail?residentId= (caregivers,
 * read-only): the header with status and actions, and the profile tabs. The server's `editable` decides
 * whether any write shows; moved-out and deceased residents are read-only for everyone. Owners and admins
 * (on /resident-management) also download the resident's audit trail, whatever the status.
 */
export default function ResidentDetailPage({ tabs: extraTabs = [] }: { tabs?: readonly ResidentTab[] } = {}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const zone = userInfo?.timeZone || session?.timeZone || undefined;
  const base = residentsBase(pathname);
  const viewer = useFacilityViewer();
  const auditable = viewer.manager && base === FACILITY_RESIDENTS_PATH;
  const residentId = params.get('residentId') ?? '';
  const tabParam = params.get('tab') ?? '';
  const tabIds: string[] = TABS.flatMap((id) => [id, ...extraTabs.filter((x) => x.after === id).map((x) => x.id)]);
  const tab = tabIds.includes(tabParam) ? tabParam : 'profile';
  const query = useResident(residentId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Each dialog's write invalidates the resident queries itself.
  const done = () => setDialog(null);
  const backInFacility = useAppMutation({
    mutationFn: returnFacility,
    invalidates: [residentsKey],
    success: 'residents.done.returned',
    onSettled: done,
  });

  const back = (
    <Link to={base} className="hearth-muted">
      <ArrowLeftIcon /> {t('residents.detail.back')}
    </Link>
  );

  // A refetch that fails keeps the resident on screen under a Retry banner; only "no such resident" replaces it.
  const missing = residentId === '' || (query.isError && isApiError(query.error) && query.error.code === CodeNotFound);
  if (missing || (query.isError && query.data === undefined)) {
    return (
      <div className="hearth-page">
        {back}
        {missing ? <EmptyState title={t('residents.detail.notFound')} className="hearth-gap-top" /> : <QueryErrorBanner query={query} />}
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="hearth-page hearth-center">
        <Spinner size={32} />
      </div>
    );
  }
  const r: Resident = query.data;
  const actions = allowedActions(r);
  const final = isFinalStatus(r.status);

  const statusLine =
    r.status === ResidentGoingOut && r.returnDate > 0
      ? t('residents.detail.returnBy', { date: formatDateTime(r.returnDate, zone, language) })
      : r.status === ResidentMovedOut && r.moveOutDestination
        ? t('residents.detail.movedTo', {
            place: r.moveOutDestination === 'OTHER' && r.destinationOther ? r.destinationOther : labelOf(t, DESTINATION_KEYS, r.moveOutDestination),
          })
        : r.statusTime > 0 && final
          ? t('residents.detail.statusSince', { date: formatDateTime(r.statusTime, zone, language) })
          : '';

  return (
    <div className="hearth-page" data-testid="resident-detail" data-resident-id={r.residentId}>
      {back}
      <QueryErrorBanner query={query} />
      <header className="hearth-resident-head hearth-gap-top">
        <ResidentAvatar resident={r} size={64} />
        <div className="hearth-resident-head-text">
          <h1 data-testid="resident-name">{r.name}</h1>
          <div className="hearth-resident-head-meta">
            <ResidentStatusTag status={r.status} />
            <span>{t('residents.field.room')}: {r.room}</span>
            <span>{t('residents.detail.ageYears', { age: r.age })}</span>
            <ResidentBadges resident={r} />
          </div>
          {statusLine ? (
            <div className="hearth-muted" data-testid="resident-status-line">
              {statusLine}
            </div>
          ) : null}
        </div>
        <div className="hearth-resident-actions">
          {actions.edit ? (
            <Button icon={<EditIcon />} onClick={() => setDialog({ kind: 'edit' })} data-testid="resident-edit">
              {t('residents.detail.edit')}
            </Button>
          ) : null}
          {actions.goingOut ? (
            <Button icon={<WalkIcon />} intent={Intent.WARNING} onClick={() => setDialog({ kind: 'goingOut' })} data-testid="resident-going-out">
              {t('residents.detail.goingOut')}
            </Button>
          ) : null}
          {actions.returnFacility ? (
            <Button icon={<HomeIcon />} intent={Intent.SUCCESS} onClick={() => setDialog({ kind: 'return' })} data-testid="resident-return">
              {t('residents.detail.returnFacility')}
            </Button>
          ) : null}
          {actions.moveOut ? (
            <Button
              icon={<LogOutIcon />}
              intent={Intent.DANGER}
              variant="outlined"
              onClick={() => setDialog({ kind: 'final', final: 'moveOut' })}
              data-testid="resident-move-out"
            >
              {t('residents.detail.moveOut')}
            </Button>
          ) : null}
          {actions.deceased ? (
            <Button
              icon={<RemoveIcon />}
              intent={Intent.DANGER}
              variant="outlined"
              onClick={() => setDialog({ kind: 'final', final: 'deceased' })}
              data-testid="resident-deceased"
            >
              {t('residents.detail.deceased')}
            </Button>
          ) : null}
          {auditable ? (
            <Button icon={<HistoryIcon />} variant="outlined" onClick={() => setDialog({ kind: 'audit' })} data-testid="resident-audit-trail">
              {t('residents.detail.auditTrail')}
            </Button>
          ) : null}
        </div>
      </header>
      {final ? (
        <Callout compact className="hearth-gap-bottom" data-testid="resident-read-only">
          {t('residents.detail.readOnly')}
        </Callout>
      ) : null}

      <Tabs
        id="resident-tabs"
        className="hearth-resident-tabs"
        selectedTabId={tab}
        renderActiveTabPanelOnly
        onChange={(next) => {
          const p = new URLSearchParams(params);
          p.set('tab', String(next));
          setParams(p, { replace: true });
        }}
      >
        {tabIds.map((tabId) => {
          const extra = extraTabs.find((x) => x.id === tabId);
          if (extra) {
            return (
              <Tab
                key={tabId}
                id={tabId}
                title={extra.title}
                panelClassName="hearth-tab-panel"
                panel={<>{extra.panel(r, { editable: actions.edit, zone })}</>}
              />
            );
          }
          const id = tabId as OwnTabId;
          return (
            <Tab
              key={id}
              id={id}
              title={t(TAB_KEYS[id])}
              panelClassName="hearth-tab-panel"
              panel={
                id === 'profile' ? (
                  <ProfileTab resident={r} />
                ) : id === 'contacts' ? (
                  <ContactsTab residentId={r.residentId} editable={actions.edit} />
                ) : (
                  <FilesTab
                    residentId={r.residentId}
                    category={id === 'medicalRecords' ? FileMedicalRecord : id === 'assessment' ? FileAssessment : undefined}
                    editable={actions.edit}
                    zone={zone}
                    testId={`files-${id}`}
                  />
                )
              }
            />
          );
        })}
      </Tabs>

      {dialog?.kind === 'edit' ? <ResidentFormDialog resident={r} onClose={() => setDialog(null)} onSaved={done} /> : null}
      {dialog?.kind === 'goingOut' ? <GoingOutDialog resident={r} zone={zone} onClose={() => setDialog(null)} onDone={done} /> : null}
      {dialog?.kind === 'audit' ? <AuditTrailDialog resident={r} zone={zone} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'final' ? (
        <FinalStatusDialog kind={dialog.final} resident={r} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      <Alert
        isOpen={dialog?.kind === 'return'}
        aria-labelledby="resident-return-confirm-text"
        intent={Intent.SUCCESS}
        icon={<HomeIcon />}
        confirmButtonText={t('residents.return.confirm')}
        cancelButtonText={t('common.action.cancel')}
        loading={backInFacility.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => backInFacility.mutate({ residentId: r.residentId })}
      >
        <p id="resident-return-confirm-text" data-testid="return-confirm">{t('residents.return.body', { name: r.name })}</p>
      </Alert>
    </div>
  );
}
