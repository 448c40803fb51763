import { useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { FilterIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { MedicationRecordFilter, NotGivenFilter, PageRequest } from '@/types/api.gen';
import { OutcomeGiven, OutcomeHeld, OutcomeNotGiven, OutcomeRefused } from '@/types/api.gen';
import { DateInput } from '@/components/DateInput';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { careLabel } from '@/lib/care/taskLabels';
import { PASS_OUTCOME_KEYS } from '@/lib/emar/emarLabels';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { useFacilityViewer } from '@/lib/session/viewer';
import { zonedDate } from '@/lib/time/zone';
import { useMedicationResident } from '../api/getResident';
import { useResidentOrders } from '../api/listMedication';
import { useNotGiven, useRecords } from '../api/listRecords';
import { defaultRange, rangeOf, type LogRange } from '../logRules';
import { PrintMarButton } from '../components/PrintMarButton';
import { RecordsByDay, RecordsTable } from '../components/RecordLists';
import { ResidentMedHeader } from '../components/ResidentMedHeader';
import '../medications.css';
import { serverNow } from '@/lib/time/serverClock';

const PAGE_SIZES = [20, 50, 100] as const;
const OUTCOMES = [OutcomeGiven, OutcomeRefused, OutcomeHeld, OutcomeNotGiven];
type View = 'day' | 'pass' | 'notGiven';
const VIEWS: readonly View[] = ['day', 'pass', 'notGiven'];
const VIEW_KEYS = { day: 'medications.log.byDay', pass: 'medications.log.byPass', notGiven: 'medications.log.notGiven' } as const;

interface Filters extends LogRange {
  medicationId: string;
  outcome: string;
}

/**
 * /emars/med-log/{residentId} (spec 000 §2): what was logged for the resident — by day, or one row per pass
 * — filtered by dates (facility days, at most 93), medication and what happened, with PRN reasons and their
 * effect; the doses not given (refused, held, not given, and passes missed) with their reasons; and the
 * printed monthly MAR.
 */
export default function MedLogPage() {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const { residentId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const viewer = useFacilityViewer();
  const [now] = useState(() => serverNow());
  const today = zonedDate(now, viewer.zone);
  const resident = useMedicationResident(residentId);
  const orders = useResidentOrders(residentId);
  const viewParam = params.get('view') as View | null;
  const view: View = viewParam && VIEWS.includes(viewParam) ? viewParam : 'day';
  const [draft, setDraft] = useState<Filters>(() => ({ ...defaultRange(today), medicationId: '', outcome: '' }));
  const [applied, setApplied] = useState<Filters>(draft);
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const [missedPaging, setMissedPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const checked = rangeOf(draft, viewer.zone);
  const range = rangeOf(applied, viewer.zone);
  const [showErrors, setShowErrors] = useState(false);

  const recordReq: PageRequest<MedicationRecordFilter> = {
    current: paging.current,
    size: paging.size,
    data: {
      residentId,
      startTime: range.startTime,
      endTime: range.endTime,
      medicationId: applied.medicationId || undefined,
      outcome: applied.outcome || undefined,
    },
  };
  const notGivenReq: PageRequest<NotGivenFilter> = {
    current: missedPaging.current,
    size: missedPaging.size,
    data: { residentId, startTime: range.startTime, endTime: range.endTime },
  };
  const ready = residentId !== '' && range.startTime !== undefined && !!resident.data;
  const records = useRecords(recordReq, ready && view !== 'notGiven');
  const notGiven = useNotGiven(notGivenReq, ready && view === 'notGiven');
  const err = (f: 'from' | 'to') => (showErrors ? message(checked.errors[f]) : undefined);

  const apply = () => {
    setShowErrors(true);
    if (Object.keys(checked.errors).length > 0) return;
    setApplied(draft);
    setPaging((p) => ({ ...p, current: 1 }));
    setMissedPaging((p) => ({ ...p, current: 1 }));
  };
  const setView = (v: View) => {
    const next = new URLSearchParams(params);
    if (v === 'day') next.delete('view');
    else next.set('view', v);
    setParams(next, { replace: true });
  };

  const list = records.data?.records ?? [];
  const missed = notGiven.data?.records ?? [];
  return (
    <div className="hearth-page hearth-med-page" data-testid="med-log-page">
      <ResidentMedHeader residentId={residentId} page="log" title={t('medications.log.title')} />
      {resident.data ? (
        <>
          <PrintMarButton residentId={residentId} today={today} />
          <form
            className="hearth-filter-bar hearth-med-filters"
            aria-label={t('medications.log.filters')}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              apply();
            }}
            data-testid="log-filters"
          >
            <FormField id="log-from" label={t('medications.log.from')} error={err('from')}>
              <DateInput id="log-from" value={draft.from} intent={err('from') ? Intent.DANGER : Intent.NONE} onChange={(from) => setDraft((d) => ({ ...d, from }))} />
            </FormField>
            <FormField id="log-to" label={t('medications.log.to')} error={err('to')}>
              <DateInput id="log-to" value={draft.to} intent={err('to') ? Intent.DANGER : Intent.NONE} onChange={(to) => setDraft((d) => ({ ...d, to }))} />
            </FormField>
            <FormField id="log-medication" label={t('medications.log.medication')}>
              <Select
                id="log-medication"
                value={draft.medicationId}
                onChange={(e) => setDraft((d) => ({ ...d, medicationId: e.currentTarget.value }))}
                options={[{ value: '', label: t('medications.log.allMedications') }, ...(orders.data ?? []).map((m) => ({ value: m.medicationId, label: `${m.name} ${m.dose}` }))]}
                data-testid="log-medication"
              />
            </FormField>
            <FormField id="log-outcome" label={t('medications.log.outcome')}>
              <Select
                id="log-outcome"
                value={draft.outcome}
                onChange={(e) => setDraft((d) => ({ ...d, outcome: e.currentTarget.value }))}
                options={[{ value: '', label: t('medications.log.allOutcomes') }, ...OUTCOMES.map((o) => ({ value: o, label: careLabel(t, PASS_OUTCOME_KEYS, o) }))]}
                data-testid="log-outcome"
              />
            </FormField>
            <Button type="submit" icon={<FilterIcon />} intent={Intent.PRIMARY} data-testid="log-apply">
              {t('medications.log.apply')}
            </Button>
          </form>
          <div className="hearth-med-views" role="group" aria-label={t('medications.log.view')}>
            {VIEWS.map((v) => (
              <Button key={v} active={view === v} aria-pressed={view === v} onClick={() => setView(v)} data-testid={`log-view-${v}`}>
                {t(VIEW_KEYS[v])}
              </Button>
            ))}
          </div>
          {view === 'notGiven' ? (
            // The table's region carries the view's name, the section none (two landmarks of one name).
            <section data-testid="log-not-given">
              <p className="hearth-muted">{t('medications.log.notGivenHint')}</p>
              <QueryErrorBanner query={notGiven} />
              <RecordsTable records={missed} loading={notGiven.isPending} zoneCode={viewer.zoneCode} empty={t('medications.log.noneNotGiven')} label={t('medications.log.notGiven')} />
              <Pager current={missedPaging.current} size={missedPaging.size} total={notGiven.data?.total ?? 0} sizes={PAGE_SIZES} onChange={(current, size) => setMissedPaging({ current, size })} />
            </section>
          ) : (
            <section data-testid="log-records">
              <QueryErrorBanner query={records} />
              {view === 'day' ? (
                <RecordsByDay records={list} loading={records.isPending} zoneCode={viewer.zoneCode} empty={t('medications.log.none')} />
              ) : (
                <RecordsTable records={list} loading={records.isPending} zoneCode={viewer.zoneCode} empty={t('medications.log.none')} label={t('medications.log.byPass')} />
              )}
              <Pager current={paging.current} size={paging.size} total={records.data?.total ?? 0} sizes={PAGE_SIZES} onChange={(current, size) => setPaging({ current, size })} />
            </section>
          )}
        </>
      ) : null}
    </div>
  );
}
