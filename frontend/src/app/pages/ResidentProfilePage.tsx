import { useTranslation } from 'react-i18next';
import type { Resident } from '@/types/api.gen';
import ResidentDetailPage, { type ResidentTab } from '@/features/residents/pages/ResidentDetailPage';
import { CarePlanTab } from '@/features/tasks/components/CarePlanTab';
import { UpcomingEventsTab } from '@/features/tasks/components/UpcomingEventsTab';
import { MedicationTab } from '@/features/medications/components/MedicationTab';
import { useShell } from '@/lib/shell';
import { menuPaths } from '../routing';

/**
 * /resident-management/detail and /resident/detail: the residents feature's profile with the tabs the tasks
 * and medications features bring (000 §2 "Profile tabs": current care plan and medication after medical
 * records, upcoming events after assessment).
 */
export default function ResidentProfilePage() {
  const { t } = useTranslation();
  const { menu } = useShell();
  // The medication tab reads the eMAR, which some plans lack (spec 000 §6): it shows with the eMAR's menu entry.
  const emar = menuPaths(menu ?? []).has('/emars');
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
  ];
  return <ResidentDetailPage tabs={tabs} />;
}
