import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { useMyFacilities } from '@/lib/session/myFacilities';
import { RoleFacilityOwner } from '@/types/api.gen';
import { useSessionStore } from '@/lib/session/store';
import { useShell } from '@/lib/shell';
import { DashboardCards } from '../components/DashboardCards';
import { HomesDashboard } from '../components/HomesDashboard';
import '../dashboard.css';

/**
 * /dashboard: what needs the user now, from the cards the features registered for their role and plan. An
 * owner of several homes chooses between this home and all of them (?homes=all).
 */
export default function FacilityDashboardPage() {
  const { t } = useTranslation();
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const zone = userInfo?.timeZone || session?.timeZone;
  const owner = session?.roles.includes(RoleFacilityOwner) ?? false;
  const homes = useMyFacilities(owner).data ?? [];
  const [params, setParams] = useSearchParams();
  const several = owner && homes.length > 1;
  const across = several && params.get('homes') === 'all';
  const choose = (all: boolean) => {
    const p = new URLSearchParams(params);
    if (all) p.set('homes', 'all');
    else p.delete('homes');
    setParams(p, { replace: true });
  };
  return (
    <div className="hearth-page">
      <PageHeader title={t('dashboard.facility.title')} />
      {several ? (
        <ButtonGroup className="hearth-dash-homes-choice" role="group" aria-label={t('homesDashboard.choice')}>
          <Button aria-pressed={!across} active={!across} onClick={() => choose(false)} data-testid="dash-homes-this">
            {t('homesDashboard.thisHome')}
          </Button>
          <Button aria-pressed={across} active={across} onClick={() => choose(true)} data-testid="dash-homes-all">
            {t('homesDashboard.allHomes', { count: homes.length })}
          </Button>
        </ButtonGroup>
      ) : null}
      {across ? <HomesDashboard timeZone={zone} /> : <DashboardCards timeZone={zone} />}
    </div>
  );
}
