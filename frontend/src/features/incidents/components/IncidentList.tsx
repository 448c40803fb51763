import { Button, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { useTranslation } from 'react-i18next';
import type { IncidentReport } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { keyOf, TYPE_KEYS } from '@/lib/care/incidentLabels';
import { StateTag } from './StateTag';

interface Props {
  records: IncidentReport[];
  loading: boolean;
  zoneCode: string | undefined;
  /** Shows the overdue duties column (reviewers). */
  duties?: boolean;
  label: string;
  onOpen: (r: IncidentReport) => void;
}

/** Incident reports, newest found first: when, type, resident (or the home), state and overdue duties. */
export function IncidentList({ records, loading, zoneCode, duties = false, label, onOpen }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (loading) return <Spinner size={24} />;
  if (records.length === 0) return <EmptyState title={t('incidents.page.empty')} />;
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={label}>
      <HTMLTable compact striped className="hearth-card-table">
        <thead>
          <tr>
            <th>{t('incidents.list.type')}</th>
            <th>{t('incidents.list.when')}</th>
            <th>{t('incidents.list.resident')}</th>
            <th>{t('incidents.list.state')}</th>
            {duties ? <th>{t('incidents.list.duties')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {records.map((r) => {
            const when = r.discoveredAt || r.occurredAt || r.createdAt;
            return (
              <tr key={r.incidentId} data-testid="incident-row" data-incident-id={r.incidentId} data-state={r.state} data-type={r.type}>
                <td className="hearth-card-title">
                  <Button variant="minimal" onClick={() => onOpen(r)} data-testid="incident-open">
                    {t(keyOf(TYPE_KEYS, r.type, 'RESIDENT_OTHER'))}
                  </Button>
                </td>
                <td data-label={t('incidents.list.when')}>{when ? formatDateTime(when, zoneCode, language) : ''}</td>
                <td data-label={t('incidents.list.resident')}>{r.residentName || t('incidents.list.facility')}</td>
                <td data-label={t('incidents.list.state')}>
                  <StateTag state={r.state} />
                </td>
                {duties ? (
                  <td data-label={t('incidents.list.duties')}>
                    {r.overdueDuties > 0 ? (
                      <Tag intent={Intent.DANGER} data-testid="incident-overdue" data-count={r.overdueDuties}>
                        {t('incidents.list.overdue', { count: r.overdueDuties })}
                      </Tag>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
