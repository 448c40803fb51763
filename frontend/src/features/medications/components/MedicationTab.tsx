import { Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { CalendarIcon, HistoryIcon, ListIcon, PillIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { careLabel } from '@/lib/care/taskLabels';
import { ROUTE_KEYS } from '@/lib/emar/emarLabels';
import { currentLanguage } from '@/lib/i18n';
import { useResidentOrders } from '../api/listMedication';
import { groupOrders } from '../changeRules';
import { AssistanceCard } from './AssistanceCard';
import { OrderFlags } from './OrderFlags';
import { timesText } from './OrderCard';
import '../medications.css';

/**
 * The resident profile's "Medication" tab (spec 000 §2 "Profile tabs"): the current orders at a glance
 * (drug, dose, route, times, flags), the assistance level, and the way to the schedule, log, history and
 * disposals, where they are changed.
 */
export function MedicationTab({ residentId, zoneCode }: { residentId: string; zoneCode: string | undefined }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const orders = useResidentOrders(residentId);
  const id = encodeURIComponent(residentId);
  const groups = groupOrders(orders.data ?? []);
  const current = [...groups.current, ...groups.onHold];
  return (
    <div data-testid="medication-tab">
      <nav className="hearth-med-nav" aria-label={t('medications.nav.label')}>
        <Link className="hearth-med-nav-link" to={`/emars/med-schedule/${id}`} data-testid="medication-tab-schedule">
          <CalendarIcon size={14} />
          {t('medications.nav.schedule')}
        </Link>
        <Link className="hearth-med-nav-link" to={`/emars/med-log/${id}`} data-testid="medication-tab-log">
          <ListIcon size={14} />
          {t('medications.nav.log')}
        </Link>
        <Link className="hearth-med-nav-link" to={`/emars/med-history/${id}`} data-testid="medication-tab-history">
          <HistoryIcon size={14} />
          {t('medications.nav.history')}
        </Link>
        <Link className="hearth-med-nav-link" to={`/resident/medication-disposal/${id}`} data-testid="medication-tab-disposal">
          <TrashIcon size={14} />
          {t('medications.nav.disposal')}
        </Link>
      </nav>
      <AssistanceCard residentId={residentId} editable={false} zoneCode={zoneCode} />
      <section aria-labelledby="medication-tab-current" className="hearth-gap-top">
        <SectionTitle id="medication-tab-current">
          {t('medications.tab.current')} <span className="hearth-muted">({current.length})</span>
        </SectionTitle>
        <QueryErrorBanner query={orders} />
        {orders.isPending ? <Spinner size={24} /> : null}
        {orders.data && current.length === 0 ? <EmptyState icon={<PillIcon />} title={t('medications.tab.none')} /> : null}
        <ul className="hearth-med-summary">
          {current.map((m) => (
            <li key={m.medicationId} data-testid="medication-tab-order" data-medication={m.name}>
              <strong>{m.name}</strong> {m.dose} · {careLabel(t, ROUTE_KEYS, m.route)} · {m.times?.length ? timesText(m.times, language) : t('medications.order.asNeeded')}
              <div>
                <OrderFlags order={m} />
              </div>
            </li>
          ))}
        </ul>
        {groups.discontinued.length > 0 ? (
          <p className="hearth-muted">{t('medications.tab.discontinued', { count: groups.discontinued.length })}</p>
        ) : null}
      </section>
    </div>
  );
}
