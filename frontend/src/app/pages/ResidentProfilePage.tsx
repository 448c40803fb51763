import { useTranslation } from 'react-i18next';
import ResidentDetailPage, { type ResidentTab } from '@/features/residents/pages/ResidentDetailPage';
import { CarePlanTab } from '@/features/tasks/components/CarePlanTab';
import { UpcomingEventsTab } from '@/features/tasks/components/UpcomingEventsTab';

/**
 * /resident-management/detail and /resident/detail: the residents feature's profile with the tabs the tasks
 * feature brings (000 §2 "Profile tabs": current care plan after medical records, upcoming events after
 * assessment).
 */
export default function ResidentProfilePage() {
  const { t } = useTranslation();
  const tabs: ResidentTab[] = [
    {
      id: 'carePlan',
      title: t('tasks.carePlan.tab'),
      after: 'medicalRecords',
      panel: (r, { editable, zone }) => <CarePlanTab residentId={r.residentId} editable={editable} zoneCode={zone} />,
    },
    { id: 'events', title: t('tasks.upcoming.tab'), after: 'assessment', panel: (r) => <UpcomingEventsTab residentId={r.residentId} /> },
  ];
  return <ResidentDetailPage tabs={tabs} />;
}
