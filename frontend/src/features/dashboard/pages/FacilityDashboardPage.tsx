import { Section, SectionCard } from '@blueprintjs/core';
import { HomeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { DetailList } from '@/components/DetailList';
import { PageHeader } from '@/components/PageHeader';
import { planLabel, timeZoneLabel } from '@/lib/i18n/labels';
import { useSessionStore } from '@/lib/session/store';
import { useShell } from '@/lib/shell';
import { MenuOverviewCard } from '../components/MenuOverviewCard';
import { ResidentCountsCard } from '../components/ResidentCountsCard';
import { SignedInCard } from '../components/SignedInCard';

/** /dashboard: the facility's dashboard. Later issues add tasks, residents and alerts. */
export default function FacilityDashboardPage() {
  const { t } = useTranslation();
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const plan = userInfo?.subscriptionPlan || session?.plan;
  const zone = userInfo?.timeZone || session?.timeZone;
  return (
    <div className="hearth-page">
      <PageHeader title={t('dashboard.facility.title')} />
      <div className="hearth-card-grid">
        <Section title={t('dashboard.facility.cardTitle')} icon={<HomeIcon />} className="hearth-card">
          <SectionCard>
            <DetailList
              rows={[
                { label: t('dashboard.facility.name'), value: userInfo?.facilityName ?? '', testId: 'facility-name' },
                { label: t('dashboard.facility.plan'), value: planLabel(t, plan), testId: 'facility-plan' },
                { label: t('dashboard.facility.timeZone'), value: timeZoneLabel(t, zone), testId: 'facility-time-zone' },
              ]}
            />
          </SectionCard>
        </Section>
        <ResidentCountsCard />
        <SignedInCard />
        <MenuOverviewCard />
      </div>
    </div>
  );
}
