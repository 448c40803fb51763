import { useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { AddIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { IncidentReport } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { useFacilityViewer } from '@/lib/session/viewer';
import { useIncidents } from '../api/incidents';
import { IncidentDetail } from '../components/IncidentDetail';
import { IncidentEditor } from '../components/IncidentEditor';
import { IncidentList } from '../components/IncidentList';
import { canDelete } from '../incidentRules';
import '../incidents.css';

const PAGE_SIZES = [10, 20, 50] as const;

/**
 * /incident (caregivers; spec 000 §2): my reports with their states, a new report through the guided form,
 * a draft to go on with; a submitted report opens read-only (?incidentId=).
 */
export default function CaregiverIncidentPage() {
  const { t } = useTranslation();
  const viewer = useFacilityViewer();
  const [params, setParams] = useSearchParams();
  const openId = params.get('incidentId') ?? '';
  const [editing, setEditing] = useState<{ report?: IncidentReport } | null>(null);
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const list = useIncidents({ current: paging.current, size: paging.size, data: {} }, !editing && !openId);
  const open = (r: IncidentReport) => (canDelete(r, viewer.userId) ? setEditing({ report: r }) : setParams({ incidentId: r.incidentId }));

  return (
    <div className="hearth-page hearth-incident-page" data-testid="incident-page">
      <PageHeader title={t('incidents.page.caregiverTitle')} />
      {editing ? (
        <IncidentEditor report={editing.report} onClose={() => setEditing(null)} />
      ) : openId ? (
        <IncidentDetail
          incidentId={openId}
          review={false}
          onBack={() => setParams({})}
          onEdit={(r) => {
            setParams({});
            setEditing({ report: r });
          }}
        />
      ) : (
        // Not a landmark of its own: the list's table region carries the same name.
        <section>
          <div className="hearth-incident-section-head">
            <SectionTitle id="incident-mine-title">{t('incidents.page.myReports')}</SectionTitle>
            <Button icon={<AddIcon />} intent={Intent.PRIMARY} onClick={() => setEditing({})} data-testid="incident-new">
              {t('incidents.page.new')}
            </Button>
          </div>
          <QueryErrorBanner query={list} />
          <IncidentList
            records={list.data?.records ?? []}
            loading={list.isPending}
            zoneCode={viewer.zoneCode}
            label={t('incidents.page.myReports')}
            onOpen={open}
          />
          <Pager current={paging.current} size={paging.size} total={list.data?.total ?? 0} sizes={PAGE_SIZES} onChange={(current, size) => setPaging({ current, size })} />
        </section>
      )}
    </div>
  );
}
