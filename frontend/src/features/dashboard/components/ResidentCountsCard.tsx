import { Section, SectionCard } from '@blueprintjs/core';
import { PeopleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuItem } from '@/types/api.gen';
import { DetailList } from '@/components/DetailList';
import { useShell } from '@/lib/shell';
import { useResidentDashboard } from '../api/getResidentDashboard';

/** The resident page this user has (owners and admins manage, caregivers read), if any. */
function residentPage(menu: readonly MenuItem[]): string | undefined {
  for (const item of menu) {
    if (item.menuUrl === '/resident-management' || item.menuUrl === '/resident') return item.menuUrl;
    const inner = residentPage(item.children ?? []);
    if (inner) return inner;
  }
  return undefined;
}

/** Current residents, how many are out, occupied rooms and the plan's limit (getDashboardData). */
export function ResidentCountsCard() {
  const { t } = useTranslation();
  const { menu } = useShell();
  const page = residentPage(menu);
  const data = useResidentDashboard(page !== undefined).data;
  if (!page || !data) return null;
  return (
    <Section title={t('residents.dashboard.cardTitle')} icon={<PeopleIcon />} className="hearth-card" data-testid="resident-counts">
      <SectionCard>
        <DetailList
          rows={[
            { label: t('residents.dashboard.active'), value: data.activeCount, testId: 'resident-count-active' },
            { label: t('residents.dashboard.goingOut'), value: data.goingOutCount, testId: 'resident-count-going-out' },
            { label: t('residents.dashboard.rooms'), value: data.roomCount },
            {
              label: t('residents.dashboard.limit'),
              value: data.maxResidents > 0 ? data.maxResidents : t('residents.dashboard.unlimited'),
            },
          ]}
        />
        <Link to={page}>{t('residents.dashboard.open')}</Link>
      </SectionCard>
    </Section>
  );
}
