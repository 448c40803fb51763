import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { useFacilityViewer } from '@/lib/session/viewer';
import { useIncidents } from '../api/incidents';
import { IncidentList } from './IncidentList';

/**
 * The resident profile's "Incident reports" tab (spec 000 §2 "Profile tabs"): the resident's reports (a
 * caregiver's own); one opens on the incident page of the reader's menu (`page`).
 */
export function ResidentIncidentsTab({ residentId, page }: { residentId: string; page: string }) {
  const { t } = useTranslation();
  const viewer = useFacilityViewer();
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const list = useIncidents({ current: paging.current, size: paging.size, data: { residentId } });
  return (
    <div data-testid="resident-incidents">
      <QueryErrorBanner query={list} />
      <IncidentList
        records={list.data?.records ?? []}
        loading={list.isPending}
        zoneCode={viewer.zoneCode}
        duties={viewer.manager}
        label={t('incidents.tab.title')}
        onOpen={(r) => void navigate(`${page}?incidentId=${encodeURIComponent(r.incidentId)}`)}
      />
      <Pager current={paging.current} size={paging.size} total={list.data?.total ?? 0} onChange={(current, size) => setPaging({ current, size })} />
    </div>
  );
}
