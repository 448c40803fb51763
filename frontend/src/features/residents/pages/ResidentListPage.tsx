import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@blueprintjs/core';
import { ManualIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import type { ResidentFilter } from '@/types/api.gen';
import { ResidentFilterActive } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { useSessionStore } from '@/lib/session/store';
import { useShell } from '@/lib/shell';
import { residentsKey } from '../api/keys';
import { useResidentList } from '../api/listResidentByPage';
import { ResidentFilterBar, type ResidentListFilter } from '../components/ResidentFilterBar';
import { MoveInsInProgress } from '../components/MoveInsInProgress';
import { ResidentFormDialog } from '../components/ResidentFormDialog';
import { ResidentTable } from '../components/ResidentTable';
import { FACILITY_RESIDENTS_PATH, MOVE_IN_START_URL, residentDetailUrl, residentsBase, SMART_SETUP_START_URL } from '../residentPaths';
import { RESIDENT_PAGE_SIZE, RESIDENT_PAGE_SIZES } from '@/lib/residents/residentRules';
import '../residents.css';

const NO_FILTER: ResidentListFilter = { name: '', status: ResidentFilterActive };

function sent(filter: ResidentListFilter): ResidentFilter {
  const out: ResidentFilter = { status: filter.status };
  if (filter.name.trim()) out.name = filter.name.trim();
  return out;
}

/**
 * The resident list (spec 000 §2): /resident-management for owners and admins (with Add resident) and
 * /resident for caregivers (read-only). Current residents by default; the filter shows the others.
 */
export default function ResidentListPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const zone = userInfo?.timeZone || session?.timeZone || undefined;
  const base = residentsBase(pathname);
  const facility = base === FACILITY_RESIDENTS_PATH;

  const [draft, setDraft] = useState<ResidentListFilter>(NO_FILTER);
  const [filter, setFilter] = useState<ResidentFilter>(sent(NO_FILTER));
  const [paging, setPaging] = useState({ current: 1, size: RESIDENT_PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const list = useResidentList({ ...paging, data: filter });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: residentsKey });

  return (
    <div className="hearth-page">
      <div className="hearth-residents-head">
        <PageHeader title={t('residents.list.title')} />
        {/* The end-of-shift notes of every resident at once (the carerecord feature's page under this one). */}
        <Button icon={<ManualIcon />} onClick={() => void navigate(`${base}/write-notes`)} data-testid="residents-write-notes">
          {t('residents.list.writeNotes')}
        </Button>
      </div>
      <ResidentFilterBar
        value={draft}
        onChange={(value) => {
          setDraft(value);
          // The status filter applies at once; the name waits for Search or Enter.
          if (value.status !== draft.status) {
            setFilter(sent(value));
            setPaging((p) => ({ ...p, current: 1 }));
          }
        }}
        onQuery={() => {
          setFilter(sent(draft));
          setPaging((p) => ({ ...p, current: 1 }));
          refresh();
        }}
        onReset={() => {
          setDraft(NO_FILTER);
          setFilter(sent(NO_FILTER));
          setPaging((p) => ({ ...p, current: 1 }));
        }}
        onAdd={facility ? () => setAdding(true) : undefined}
        onMoveIn={facility ? () => void navigate(MOVE_IN_START_URL) : undefined}
        onMoveInFromPapers={facility ? () => void navigate(SMART_SETUP_START_URL) : undefined}
      />
      {facility ? <MoveInsInProgress zone={zone} /> : null}
      <QueryErrorBanner query={list} />
      <ResidentTable base={base} records={list.data?.records ?? []} loading={list.isPending} zone={zone} />
      <Pager
        current={paging.current}
        size={paging.size}
        sizes={RESIDENT_PAGE_SIZES}
        total={list.data?.total ?? 0}
        onChange={(current, size) => setPaging({ current, size })}
      />
      {adding ? (
        <ResidentFormDialog
          onClose={() => setAdding(false)}
          onSaved={(resident) => {
            setAdding(false);
            refresh();
            void navigate(residentDetailUrl(base, resident.residentId));
          }}
        />
      ) : null}
    </div>
  );
}
