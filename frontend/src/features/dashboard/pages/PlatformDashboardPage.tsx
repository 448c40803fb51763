import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { DashboardCards } from '../components/DashboardCards';
import '../dashboard.css';

/** /admin-dashboard: the super admin's platform dashboard, from the cards registered for the platform. */
export default function PlatformDashboardPage() {
  const { t } = useTranslation();
  return (
    <div className="hearth-page">
      <PageHeader title={t('dashboard.platform.title')} />
      <DashboardCards timeZone={undefined} />
    </div>
  );
}
