import { Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useDashboardCards } from '../api/listCards';
import { knownCards, orderCards } from '../dashboardRules';
import { DashboardCardView } from './DashboardCardView';

/** The cards the features registered for this user (GET /api/system/dashboard/listCards). */
export function DashboardCards({ timeZone }: { timeZone: string | undefined }) {
  const { t, i18n } = useTranslation();
  const cards = useDashboardCards();
  if (cards.isPending) return <Spinner size={24} />;
  const shown = orderCards(knownCards(cards.data ?? [], (key) => i18n.exists(key)));
  if (shown.length === 0) {
    return cards.isError ? null : <EmptyState icon={<TickCircleIcon />} title={t('dashboard.empty')} />;
  }
  return (
    <div className="hearth-card-grid" data-testid="dashboard-cards">
      {shown.map((card) => (
        <DashboardCardView key={card.key} card={card} timeZone={timeZone} />
      ))}
    </div>
  );
}
