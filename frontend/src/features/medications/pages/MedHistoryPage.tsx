import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { FormField } from '@/lib/form/FormField';
import { useFacilityViewer } from '@/lib/session/viewer';
import { useMedicationResident } from '../api/getResident';
import { useResidentOrders } from '../api/listMedication';
import { useMedHistory } from '../api/medHistory';
import { HistoryList } from '../components/HistoryList';
import { ResidentMedHeader } from '../components/ResidentMedHeader';
import '../medications.css';

const PAGE_SIZES = [10, 20, 50] as const;

/**
 * /emars/med-history/{residentId} (spec 000 §2, 001 §7.7 medHistory): every change of the resident's orders
 * — ordered, changed, held, resumed, discontinued, restored — with what changed before and after, the
 * prescriber, the logged call, the written order, who recorded it and when; for one order with
 * ?medicationId=.
 */
export default function MedHistoryPage() {
  const { t } = useTranslation();
  const { residentId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const viewer = useFacilityViewer();
  const resident = useMedicationResident(residentId);
  const orders = useResidentOrders(residentId);
  const medicationId = params.get('medicationId') ?? '';
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[1] as number });
  const history = useMedHistory({ residentId: resident.data ? residentId : '', medicationId: medicationId || undefined, current: paging.current, size: paging.size });
  return (
    <div className="hearth-page hearth-med-page" data-testid="med-history-page">
      <ResidentMedHeader residentId={residentId} page="history" title={t('medications.history.title')} />
      {resident.data ? (
        <>
          <div className="hearth-filter-bar">
            <FormField id="history-medication" label={t('medications.history.medication')}>
              <Select
                id="history-medication"
                value={medicationId}
                onChange={(e) => {
                  const next = new URLSearchParams(params);
                  if (e.currentTarget.value) next.set('medicationId', e.currentTarget.value);
                  else next.delete('medicationId');
                  setParams(next, { replace: true });
                  setPaging((p) => ({ ...p, current: 1 }));
                }}
                options={[{ value: '', label: t('medications.history.allMedications') }, ...(orders.data ?? []).map((m) => ({ value: m.medicationId, label: `${m.name} ${m.dose}` }))]}
                data-testid="history-medication"
              />
            </FormField>
          </div>
          <QueryErrorBanner query={history} />
          <HistoryList changes={history.data?.records ?? []} loading={history.isPending} zoneCode={viewer.zoneCode} />
          <Pager current={paging.current} size={paging.size} total={history.data?.total ?? 0} sizes={PAGE_SIZES} onChange={(current, size) => setPaging({ current, size })} />
        </>
      ) : null}
    </div>
  );
}
