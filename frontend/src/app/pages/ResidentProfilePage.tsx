import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Resident } from '@/types/api.gen';
import ResidentDetailPage, { type ResidentTab } from '@/features/residents/pages/ResidentDetailPage';
import { CarePlanTab } from '@/features/tasks/components/CarePlanTab';
import { UpcomingEventsTab } from '@/features/tasks/components/UpcomingEventsTab';
import { MedicationTab } from '@/features/medications/components/MedicationTab';
import { useUnreadCount } from '@/features/carerecord/api/notes';
import { CareMonitorTab } from '@/features/carerecord/components/CareMonitorTab';
import { HealthMonitorTab } from '@/features/carerecord/components/HealthMonitorTab';
import { ProgressNotesTab } from '@/features/carerecord/components/ProgressNotesTab';
import { ResidentIncidentsTab } from '@/features/incidents/components/ResidentIncidentsTab';
import { isFinalStatus } from '@/lib/residents/residentRules';
import { useFacilityViewer } from '@/lib/session/viewer';
import { useShell } from '@/lib/shell';
import { ianaZone } from '@/lib/time/dateTime';
import { menuPaths } from '../routing';

/**
 * /resident-management/detail and /resident/detail: the residents feature's profile with the tabs the tasks,
 * medications and carerecord features bring (000 §2 "Profile tabs": current care plan and medication after
 * medical records, upcoming events and progress notes after assessment, health and care monitor after
 * contacts).
 */
export default function ResidentProfilePage() {
  const { t } = useTranslation();
  const { menu } = useShell();
  const viewer = useFacilityViewer();
  const [params] = useSearchParams();
  const residentId = params.get('residentId') ?? '';
  // Owners see how many of this resident's notes they have not read, beside the tab's name.
  const unread = useUnreadCount(residentId, viewer.manager && residentId !== '');
  const unreadCount = viewer.manager ? (unread.data?.count ?? 0) : 0;
  // The medication tab reads the eMAR, which some plans lack (spec 000 §6): it shows with the eMAR's menu entry.
  const paths = menuPaths(menu ?? []);
  const emar = paths.has('/emars');
  // The incident reports tab shows with an incident page in the reader's menu (premium, spec 000 §6).
  const incidentPage = ['/incident-management', '/incident'].find((p) => paths.has(p));
  const writable = (r: Resident) => !isFinalStatus(r.status);
  const tabs: ResidentTab[] = [
    {
      id: 'carePlan',
      title: t('tasks.carePlan.tab'),
      after: 'medicalRecords',
      panel: (r, { editable, zone }) => <CarePlanTab residentId={r.residentId} editable={editable} zoneCode={zone} />,
    },
    // Placed after the care plan (000 §2 order); only with the eMAR in the plan.
    ...(emar
      ? [
          {
            id: 'medication',
            title: t('medications.tab.title'),
            after: 'medicalRecords' as const,
            panel: (r: Resident, { zone }: { zone: string | undefined }) => <MedicationTab residentId={r.residentId} zoneCode={zone} />,
          },
        ]
      : []),
    { id: 'events', title: t('tasks.upcoming.tab'), after: 'assessment', panel: (r) => <UpcomingEventsTab residentId={r.residentId} /> },
    // After upcoming events (000 §2 order).
    ...(incidentPage
      ? [{ id: 'incidents', title: t('incidents.tab.title'), after: 'assessment' as const, panel: (r: Resident) => <ResidentIncidentsTab residentId={r.residentId} page={incidentPage} /> }]
      : []),
    {
      id: 'notes',
      title: (
        <span data-testid="notes-tab-title">
          {t('carerecord.tab.notes')}
          {unreadCount > 0 ? (
            <>
              {' '}
              <Tag round intent="primary" data-testid="notes-tab-unread" data-count={unreadCount} aria-hidden="true">
                {unreadCount > 99 ? '99+' : unreadCount}
              </Tag>
              <span className="hearth-sr-only">, {t('carerecord.tab.unreadBadge', { count: unreadCount })}</span>
            </>
          ) : null}
        </span>
      ),
      after: 'assessment',
      panel: (r, { zone }) => <ProgressNotesTab residentId={r.residentId} residentName={r.name} zoneCode={zone} zone={ianaZone(zone)} writable={writable(r)} />,
    },
    {
      id: 'health',
      title: t('carerecord.tab.health'),
      after: 'contacts',
      panel: (r, { zone }) => <HealthMonitorTab residentId={r.residentId} residentName={r.name} zoneCode={zone} zone={ianaZone(zone)} writable={writable(r)} />,
    },
    {
      id: 'care',
      title: t('carerecord.tab.care'),
      after: 'contacts',
      panel: (r, { zone }) => <CareMonitorTab residentId={r.residentId} residentName={r.name} zoneCode={zone} zone={ianaZone(zone)} writable={writable(r)} />,
    },
  ];
  return <ResidentDetailPage tabs={tabs} />;
}
