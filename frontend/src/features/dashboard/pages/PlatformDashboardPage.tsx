import { Section, SectionCard } from '@blueprintjs/core';
import { GlobeNetworkIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { MenuOverviewCard } from '../components/MenuOverviewCard';
import { SignedInCard } from '../components/SignedInCard';

/** /admin-dashboard: the super admin's platform dashboard. Later issues add the tenant summary. */
export default function PlatformDashboardPage() {
  const { t } = useTranslation();
  return (
    <div className="hearth-page">
      <PageHeader title={t('dashboard.platform.title')} />
      <div className="hearth-card-grid">
        <Section title={t('dashboard.platform.cardTitle')} icon={<GlobeNetworkIcon />} className="hearth-card">
          <SectionCard>
            <p>{t('dashboard.platform.body')}</p>
          </SectionCard>
        </Section>
        <SignedInCard />
        <MenuOverviewCard />
      </div>
    </div>
  );
}
