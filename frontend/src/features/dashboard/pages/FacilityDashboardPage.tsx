import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { useSessionStore } from '@/lib/session/store';
import { useShell } from '@/lib/shell';
import { DashboardCards } from '../components/DashboardCards';
import '../dashboard.css';

/** /dashboard: what needs the user now, from the cards the features registered for their role and plan. */
export default function FacilityDashboardPage() {
  const { t } = useTranslation();
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const zone = userInfo?.timeZone || session?.timeZone;
  return (
    <div className="hearth-page">
      <PageHeader title={t('dashboard.facility.title')} />
      <DashboardCards timeZone={zone} />
    </div>
  );
}
