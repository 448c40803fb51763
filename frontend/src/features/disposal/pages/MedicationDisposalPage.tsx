import { useState } from 'react';
import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { AddIcon, ArrowLeftIcon, InfoSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { DisposalDueItem, MedicationDisposal } from '@/types/api.gen';
import { CodeNotFound, RoleFacilityAdmin, RoleFacilityOwner, RoleFacilityOwnerRegister } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { isApiError } from '@/lib/api/client';
import { useSessionStore } from '@/lib/session/store';
import { useShell } from '@/lib/shell';
import { ianaZone } from '@/lib/time/dateTime';
import { useDisposalResident } from '../api/getResident';
import { useDisposals } from '../api/listByPage';
import { useDisposalDue } from '../api/listDue';
import { DisposalDetailsDialog } from '../components/DisposalDetailsDialog';
import { DisposalFormDialog, type DisposalFormMode } from '../components/DisposalFormDialog';
import { DisposalList } from '../components/DisposalList';
import { DueList } from '../components/DueList';
import '../disposal.css';

const PAGE_SIZES = [10, 20, 50] as const;

type Dialog = { kind: 'form'; mode: DisposalFormMode } | { kind: 'details'; record: MedicationDisposal };

/**
 * /resident/medication-disposal/{residentId} (spec 000 §2): what the resident's medications must be
 * disposed of by (red once overdue, most urgent first), the disposal records with their details and
 * history, and, for owners and admins, new records, edits and a quick record from a due item.
 */
export default function MedicationDisposalPage() {
  const { t } = useTranslation();
  const { residentId = '' } = useParams();
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const roles: string[] = userInfo?.roles?.length ? userInfo.roles : (session?.roles ?? []);
  const manager = roles.some((r) => r === RoleFacilityOwner || r === RoleFacilityOwnerRegister || r === RoleFacilityAdmin);
  const zoneCode = userInfo?.timeZone || session?.timeZone || undefined;
  const zone = ianaZone(zoneCode);
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const resident = useDisposalResident(residentId);
  const due = useDisposalDue(residentId);
  const list = useDisposals({ current: paging.current, size: paging.size, data: { residentId } });

  const back = (
    <Link to="/emars" className="hearth-muted">
      <ArrowLeftIcon /> {t('disposal.page.back')}
    </Link>
  );
  const missing = residentId === '' || (resident.isError && isApiError(resident.error) && resident.error.code === CodeNotFound);
  if (missing) {
    return (
      <div className="hearth-page">
        {back}
        <EmptyState title={t('disposal.page.notFound')} className="hearth-gap-top" />
      </div>
    );
  }
  const r = resident.data;
  const records = list.data?.records ?? [];
  return (
    <div className="hearth-page hearth-disposal-page" data-testid="disposal-page">
      {back}
      <PageHeader title={t('disposal.page.title')} />
      {r ? (
        <p className="hearth-disposal-resident" data-testid="disposal-resident">
          {t('disposal.page.resident', { name: r.name || `${r.firstName} ${r.lastName}`, room: r.room })}
        </p>
      ) : resident.isPending ? (
        <Spinner size={20} />
      ) : null}
      <QueryErrorBanner query={resident} />
      <Callout icon={<InfoSignIcon />} compact className="hearth-gap-bottom">
        {t('disposal.page.rule')}
      </Callout>

      <section aria-labelledby="disposal-due-title">
        <SectionTitle id="disposal-due-title">{t('disposal.due.title')}</SectionTitle>
        <QueryErrorBanner query={due} />
        {due.isPending ? (
          <Spinner size={24} />
        ) : (
          <DueList
            items={due.data?.items ?? []}
            manager={manager}
            onRecord={(item: DisposalDueItem) => setDialog({ kind: 'form', mode: { kind: 'quick', item } })}
          />
        )}
      </section>

      <section aria-labelledby="disposal-list-title" className="hearth-gap-top">
        <div className="hearth-disposal-section-head">
          <SectionTitle id="disposal-list-title">{t('disposal.list.title')}</SectionTitle>
          {manager ? (
            <Button icon={<AddIcon />} intent={Intent.PRIMARY} onClick={() => setDialog({ kind: 'form', mode: { kind: 'new' } })} data-testid="disposal-add">
              {t('disposal.list.add')}
            </Button>
          ) : null}
        </div>
        {manager ? null : <p className="hearth-muted">{t('disposal.page.readOnly')}</p>}
        <QueryErrorBanner query={list} />
        <DisposalList
          records={records}
          loading={list.isPending}
          zoneCode={zoneCode}
          onOpen={(record) => setDialog({ kind: 'details', record })}
          onEdit={(record) => setDialog({ kind: 'form', mode: { kind: 'edit', record } })}
        />
        <Pager
          current={paging.current}
          size={paging.size}
          total={list.data?.total ?? 0}
          sizes={PAGE_SIZES}
          onChange={(current, size) => setPaging({ current, size })}
        />
      </section>

      {dialog?.kind === 'form' ? (
        <DisposalFormDialog
          mode={dialog.mode}
          residentId={residentId}
          zoneCode={zoneCode}
          zone={zone}
          onClose={() => setDialog(null)}
          onDone={(record) => setDialog({ kind: 'details', record })}
        />
      ) : null}
      {dialog?.kind === 'details' ? (
        <DisposalDetailsDialog
          record={dialog.record}
          zoneCode={zoneCode}
          onClose={() => setDialog(null)}
          onEdit={(record) => setDialog({ kind: 'form', mode: { kind: 'edit', record } })}
        />
      ) : null}
    </div>
  );
}
