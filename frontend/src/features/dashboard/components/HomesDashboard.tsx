import { useState } from 'react';
import { Callout, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { moveToFacility } from '@/lib/session/myFacilities';
import { useCardsAcrossHomes } from '../api/listCards';
import { knownCards, orderCards } from '../dashboardRules';
import { DashboardCardView } from './DashboardCardView';

/**
 * The dashboard across an owner's homes (issue 29): each home under its name with the cards the owner sees
 * there. The current home's lines open its pages; another home's lines and its cards' switch buttons move
 * the sign-in to that home first (as the header's switcher does), then open the page.
 */
export function HomesDashboard({ timeZone }: { timeZone: string | undefined }) {
  const { t, i18n } = useTranslation();
  const across = useCardsAcrossHomes(true);
  const [switching, setSwitching] = useState('');
  const [failed, setFailed] = useState(false);
  if (across.isPending) return <Spinner size={24} />;
  const homes = across.data?.homes ?? [];
  const openIn = (tenantId: string) => (link: string) => {
    if (switching) return;
    setSwitching(tenantId);
    setFailed(false);
    moveToFacility(tenantId, link || '/dashboard').catch(() => {
        setSwitching('');
        setFailed(true);
      });
  };
  return (
    <div className="hearth-dash-homes" data-testid="dashboard-homes" aria-busy={switching !== ''}>
      {failed ? (
        <Callout intent={Intent.DANGER} compact role="alert">
          {t('homesDashboard.switchFailed')}
        </Callout>
      ) : null}
      {homes.map((home) => {
        const shown = orderCards(knownCards(home.cards, (key) => i18n.exists(key)));
        const headingId = `dash-home-${home.tenantId}`;
        return (
          <section key={home.tenantId} className="hearth-dash-home" aria-labelledby={headingId} data-testid={`dash-home-${home.facilityName}`}>
            <h2 id={headingId} className="hearth-dash-home-title">
              {home.facilityName}
              {home.current ? <span className="hearth-muted"> · {t('homesDashboard.current')}</span> : null}
            </h2>
            {shown.length === 0 ? (
              <EmptyState icon={<TickCircleIcon />} title={t('dashboard.empty')} layout="horizontal" />
            ) : (
              <div className="hearth-card-grid">
                {shown.map((card) => (
                  <DashboardCardView
                    key={card.key}
                    card={card}
                    timeZone={home.timeZone || timeZone}
                    titleLevel={3}
                    home={home.current ? undefined : home.facilityName}
                    open={home.current ? undefined : openIn(home.tenantId)}
                  />
                ))}
              </div>
            )}
          </section>
        );
      })}
      {across.data && across.data.more > 0 ? <p className="hearth-muted">{t('homesDashboard.more', { count: across.data.more })}</p> : null}
    </div>
  );
}
