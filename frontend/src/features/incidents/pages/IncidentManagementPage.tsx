import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { IncidentFilter } from '@/types/api.gen';
import { DateInput } from '@/components/DateInput';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { useFacilityViewer } from '@/lib/session/viewer';
import { zonedWallToEpoch } from '@/lib/time/zone';
import { useIncidents } from '../api/incidents';
import { useResidentOptions } from '../api/options';
import { IncidentDetail } from '../components/IncidentDetail';
import { IncidentExportButton } from '../components/IncidentExportButton';
import { IncidentList } from '../components/IncidentList';
import { ALL_TYPES, rangeOf } from '../incidentRules';
import { STATE_KEYS, TYPE_KEYS, keyOf } from '@/lib/care/incidentLabels';
import '../incidents.css';

const PAGE_SIZES = [10, 20, 50] as const;
const STATES = Object.keys(STATE_KEYS) as (keyof typeof STATE_KEYS)[];

/**
 * /incident-management (owners and admins; spec 000 §2): the reports with state tags and overdue duties,
 * filtered by resident, type, state and the day found; a report (?incidentId=) opens its review. "Download CSV"
 * exports what the filters select once both days are chosen.
 */
export default function IncidentManagementPage() {
  const { t } = useTranslation();
  const viewer = useFacilityViewer();
  const [params, setParams] = useSearchParams();
  const openId = params.get('incidentId') ?? '';
  const [filter, setFilter] = useState({ residentId: '', type: '', state: '', from: '', to: '' });
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const residents = useResidentOptions();
  const data: IncidentFilter = {
    ...(filter.residentId ? { residentId: filter.residentId } : {}),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.state ? { state: filter.state } : {}),
    ...rangeOf(filter.from, filter.to, (d) => zonedWallToEpoch(d, viewer.zone)),
  };
  const list = useIncidents({ current: paging.current, size: paging.size, data }, !openId);
  const change = (patch: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPaging((p) => ({ ...p, current: 1 }));
  };

  return (
    <div className="hearth-page hearth-incident-page" data-testid="incident-management-page">
      <PageHeader title={t('incidents.page.managementTitle')} />
      {openId ? (
        <IncidentDetail incidentId={openId} review onBack={() => setParams({})} />
      ) : (
        // Not a landmark of its own: the list's table region carries the page's name.
        <section>
          <div className="hearth-filter-bar hearth-incident-filters" data-testid="incident-filters">
            <label htmlFor="incident-filter-resident">{t('incidents.field.resident')}</label>
            <Select id="incident-filter-resident" value={filter.residentId} onChange={(e) => change({ residentId: e.currentTarget.value })}>
              <option value="">{t('incidents.field.any')}</option>
              {(residents.data ?? []).map((r) => (
                <option key={r.residentId} value={r.residentId}>
                  {r.name}
                </option>
              ))}
            </Select>
            <label htmlFor="incident-filter-type">{t('incidents.field.type')}</label>
            <Select id="incident-filter-type" value={filter.type} onChange={(e) => change({ type: e.currentTarget.value })}>
              <option value="">{t('incidents.field.any')}</option>
              {ALL_TYPES.map((ty) => (
                <option key={ty} value={ty}>
                  {t(keyOf(TYPE_KEYS, ty, 'RESIDENT_OTHER'))}
                </option>
              ))}
            </Select>
            <label htmlFor="incident-filter-state">{t('incidents.field.state')}</label>
            <Select id="incident-filter-state" value={filter.state} onChange={(e) => change({ state: e.currentTarget.value })} data-testid="incident-filter-state">
              <option value="">{t('incidents.field.any')}</option>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {t(STATE_KEYS[s])}
                </option>
              ))}
            </Select>
            <label htmlFor="incident-filter-from">{t('incidents.field.dateFrom')}</label>
            <DateInput id="incident-filter-from" value={filter.from} onChange={(v) => change({ from: v })} />
            <label htmlFor="incident-filter-to">{t('incidents.field.dateTo')}</label>
            <DateInput id="incident-filter-to" value={filter.to} onChange={(v) => change({ to: v })} />
            <IncidentExportButton filter={filter} />
          </div>
          <QueryErrorBanner query={list} />
          <IncidentList
            records={list.data?.records ?? []}
            loading={list.isPending}
            zoneCode={viewer.zoneCode}
            duties
            label={t('incidents.page.managementTitle')}
            onOpen={(r) => setParams({ incidentId: r.incidentId })}
          />
          <Pager current={paging.current} size={paging.size} total={list.data?.total ?? 0} sizes={PAGE_SIZES} onChange={(current, size) => setPaging({ current, size })} />
        </section>
      )}
    </div>
  );
}
