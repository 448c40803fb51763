import { useState } from 'react';
import { Alert, Button, Classes, FormGroup, HTMLTable, InputGroup, Intent, Tag, TextArea } from '@blueprintjs/core';
import { PlusIcon, SearchIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TenantFilter, TenantRow, TenantSort } from '@/types/api.gen';
import { FacilityNameMax, LicenceNumberMax, RefuseReasonMax, RefuseReasonMin } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DetailList } from '@/components/DetailList';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { TableEmpty } from '@/lib/ui/TableEmpty';
import { NewHomeDialog } from '../components/NewHomeDialog';
import { HomePackage } from '../components/HomePackage';
import { PurgeSection } from '../components/PurgeHome';
import { auditFacility, changeTenantStatus, deleteTenant, restoreTenant, tenantsKey, useTenants } from '../api/tenants';

/** spec 001 §9 "Default page size": 20, options 20, 50, 100. */
const PAGE_SIZES = [20, 50, 100] as const;
const PLANS = ['FREE_PLAN', 'ESSENTIAL_PLAN', 'PREMIUM_PLAN'] as const;
const STATUSES = ['draft', 'submitted', 'approved', 'refused'] as const;
const STATES = ['ENABLED', 'DISABLED', 'DELETED'] as const;

const STATUS_INTENT: Record<string, Intent> = { submitted: Intent.WARNING, approved: Intent.SUCCESS, refused: Intent.DANGER, draft: Intent.NONE };

type Confirm = { kind: 'delete' | 'disable'; row: TenantRow };

/** The filter a link opens the list with (the platform dashboard's ?plan=, ?status=, ?state=); unknown values are ignored. */
function filterOf(params: URLSearchParams): TenantFilter {
  const pick = <T extends string>(name: string, allowed: readonly T[]) => {
    const v = params.get(name);
    return v && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;
  };
  const f: TenantFilter = { plan: pick('plan', PLANS), status: pick('status', STATUSES), state: pick('state', STATES) };
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as TenantFilter;
}

/** /IAM/tenant (super admin): every home, filtered and sorted; review, enable or disable, delete or restore, purge a deleted one. */
export default function TenantPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [draft, setDraft] = useState({ name: '', businessLicense: '' });
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<TenantFilter>(() => filterOf(params));
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const list = useTenants({ ...paging, data: filter });
  const [open, setOpen] = useState<TenantRow | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [reason, setReason] = useState('');
  const [creating, setCreating] = useState(false);

  const apply = (next: TenantFilter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const sortBy = (col: TenantSort) =>
    apply({ ...filter, sortBy: col, sortDesc: filter.sortBy === col ? !filter.sortDesc : col === 'createTime' });
  const after = (row: TenantRow) => {
    setOpen(row);
    setReason('');
  };
  const review = useAppMutation({
    mutationFn: (v: { row: TenantRow; status: 'approved' | 'refused' }) =>
      auditFacility({ tenantId: v.row.tenantId, status: v.status, reason: v.status === 'refused' ? reason.trim() : '' }),
    invalidates: [tenantsKey],
    success: 'platform.tenant.done',
    onSuccess: after,
  });
  const state = useAppMutation({
    mutationFn: (v: { row: TenantRow; action: 'enable' | 'disable' | 'delete' | 'restore' }) => {
      switch (v.action) {
        case 'enable':
          return changeTenantStatus({ tenantId: v.row.tenantId, status: 'ENABLED' });
        case 'disable':
          return changeTenantStatus({ tenantId: v.row.tenantId, status: 'DISABLED' });
        case 'delete':
          return deleteTenant(v.row.tenantId);
        default:
          return restoreTenant(v.row.tenantId);
      }
    },
    invalidates: [tenantsKey],
    success: 'platform.tenant.done',
    onSuccess: after,
    onSettled: () => setConfirm(null),
  });

  const header = (col: TenantSort, label: string) => (
    <th aria-sort={filter.sortBy === col ? (filter.sortDesc ? 'descending' : 'ascending') : undefined}>
      <Button variant="minimal" size="small" onClick={() => sortBy(col)} aria-label={t('platform.tenant.sortBy', { column: label })}>
        {label}
        {filter.sortBy === col ? (filter.sortDesc ? ' ↓' : ' ↑') : ''}
      </Button>
    </th>
  );
  const planLabel = (p: string) => (p ? t(`platform.tenant.plans.${p as (typeof PLANS)[number]}`) : t('platform.tenant.plans.none'));

  return (
    <div className="hearth-page">
      <PageHeader title={t('platform.tenant.title')} />
      <div className="hearth-filter-bar">
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={() => setCreating(true)} data-testid="tenant-new">
          {t('platform.tenant.newHome')}
        </Button>
      </div>
      {creating ? (
        <NewHomeDialog
          onClose={() => setCreating(false)}
          onCreated={(row) => {
            setCreating(false);
            after(row);
          }}
        />
      ) : null}
      <form
        className="hearth-filter-bar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          apply({ ...filter, name: draft.name.trim() || undefined, businessLicense: draft.businessLicense.trim() || undefined });
        }}
      >
        <InputGroup
          aria-label={t('platform.tenant.search')}
          placeholder={t('platform.tenant.search')}
          leftIcon={<SearchIcon />}
          maxLength={FacilityNameMax}
          value={draft.name}
          data-testid="tenant-search"
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
        <InputGroup
          aria-label={t('platform.tenant.licence')}
          placeholder={t('platform.tenant.licence')}
          maxLength={LicenceNumberMax}
          value={draft.businessLicense}
          onChange={(e) => setDraft({ ...draft, businessLicense: e.currentTarget.value })}
        />
        <Select
          aria-label={t('platform.tenant.plan')}
          value={filter.plan ?? ''}
          onChange={(e) => apply({ ...filter, plan: (e.currentTarget.value || undefined) as TenantFilter['plan'] })}
          options={[{ value: '', label: t('platform.tenant.allPlans') }, ...PLANS.map((p) => ({ value: p, label: planLabel(p) }))]}
        />
        <Select
          aria-label={t('platform.tenant.status')}
          value={filter.status ?? ''}
          data-testid="tenant-status-filter"
          onChange={(e) => apply({ ...filter, status: (e.currentTarget.value || undefined) as TenantFilter['status'] })}
          options={[
            { value: '', label: t('platform.tenant.allStatuses') },
            ...STATUSES.map((s) => ({ value: s, label: t(`platform.tenant.statuses.${s}`) })),
          ]}
        />
        <Select
          aria-label={t('platform.tenant.state')}
          value={filter.state ?? ''}
          onChange={(e) => apply({ ...filter, state: (e.currentTarget.value || undefined) as TenantFilter['state'] })}
          options={[
            { value: '', label: t('platform.tenant.allStates') },
            ...STATES.map((s) => ({ value: s, label: t(`platform.tenant.states.${s}`) })),
          ]}
        />
        <Button
          onClick={() => {
            setDraft({ name: '', businessLicense: '' });
            apply({});
          }}
        >
          {t('platform.tenant.reset')}
        </Button>
        <Button type="submit" intent={Intent.PRIMARY} icon={<SearchIcon />}>
          {t('platform.tenant.query')}
        </Button>
      </form>
      <QueryErrorBanner query={list} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
        <HTMLTable striped className="hearth-card-table" style={{ minWidth: 820, width: '100%' }}>
          <thead>
            <tr>
              {header('facilityName', t('platform.tenant.name'))}
              <th>{t('platform.tenant.owner')}</th>
              {header('plan', t('platform.tenant.plan'))}
              {header('status', t('platform.tenant.status'))}
              <th>{t('platform.tenant.state')}</th>
              <th>{t('platform.tenant.people')}</th>
              {header('createTime', t('platform.tenant.created'))}
              <th>{t('common.table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.records ?? []).map((r) => (
              <tr key={r.tenantId} data-testid="tenant-row" data-name={r.facilityName}>
                <td className="hearth-card-title">{r.facilityName}</td>
                <td data-label={t('platform.tenant.owner')}>{r.ownerName}</td>
                <td data-label={t('platform.tenant.plan')}>{planLabel(r.plan)}</td>
                <td data-label={t('platform.tenant.status')}>
                  <Tag minimal intent={STATUS_INTENT[r.status]} data-testid="tenant-status">
                    {t(`platform.tenant.statuses.${r.status as (typeof STATUSES)[number]}`)}
                  </Tag>
                </td>
                <td data-label={t('platform.tenant.state')}>{t(`platform.tenant.states.${r.state as (typeof STATES)[number]}`)}</td>
                <td data-label={t('platform.tenant.people')}>{r.people}</td>
                <td className="hearth-cell-nowrap" data-label={t('platform.tenant.created')}>
                  {formatDateTime(r.createTime, undefined, language)}
                </td>
                <td className="hearth-card-actions">
                  <Button size="small" onClick={() => after(r)} data-testid="tenant-open" aria-label={t('platform.tenant.openNamed', { name: r.facilityName })}>
                    {t('platform.tenant.open')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {(list.data?.records.length ?? 0) === 0 ? <TableEmpty loading={list.isPending} icon={<SearchIcon />} title={t('platform.tenant.empty')} /> : null}
      </div>
      <Pager
        current={paging.current}
        size={paging.size}
        sizes={PAGE_SIZES}
        total={list.data?.total ?? 0}
        onChange={(current, size) => setPaging({ current, size })}
      />
      {open ? (
        <AppDialog title={open.facilityName} onClose={() => setOpen(null)} style={{ maxWidth: 640, width: 'calc(100vw - 24px)' }}>
          {/* The body scrolls on a phone and holds nothing focusable, so it takes the focus itself (keyboard scrolling). */}
          <div tabIndex={0} role="region" aria-label={open.facilityName} className={Classes.DIALOG_BODY} data-testid="tenant-detail">
            <DetailList
              rows={[
                { label: t('platform.tenant.status'), value: t(`platform.tenant.statuses.${open.status as (typeof STATUSES)[number]}`), testId: 'tenant-detail-status' },
                { label: t('platform.tenant.state'), value: t(`platform.tenant.states.${open.state as (typeof STATES)[number]}`) },
                { label: t('platform.tenant.licence'), value: open.businessLicense },
                { label: t('platform.tenant.address'), value: open.address },
                { label: t('platform.tenant.zip'), value: open.zipCode },
                { label: t('platform.tenant.owner'), value: open.ownerName },
                { label: t('platform.tenant.email'), value: open.ownerEmail },
                { label: t('platform.tenant.phone'), value: open.phone },
                { label: t('platform.tenant.plan'), value: planLabel(open.plan) },
                { label: t('platform.tenant.introduction'), value: open.introduction },
                ...(open.refuseReason ? [{ label: t('platform.tenant.refuseReason'), value: open.refuseReason }] : []),
              ]}
            />
            {open.status === 'submitted' || open.status === 'draft' ? (
              <FormGroup label={t('platform.tenant.reasonLabel')} labelFor="refuse-reason">
                <TextArea
                  id="refuse-reason"
                  fill
                  maxLength={RefuseReasonMax}
                  value={reason}
                  data-testid="tenant-reason"
                  onChange={(e) => setReason(e.currentTarget.value)}
                />
              </FormGroup>
            ) : null}
            <HomePackage key={open.tenantId} row={open} onChanged={(packageId, plan) => setOpen({ ...open, packageId, plan })} />
            <PurgeSection row={open} onPurged={(r) => setOpen({ ...open, purgedAt: r.purgedAt, people: 0 })} />
          </div>
          <div className={Classes.DIALOG_FOOTER}>
            <div className={Classes.DIALOG_FOOTER_ACTIONS} style={{ flexWrap: 'wrap', gap: 8 }}>
              {open.status === 'submitted' || open.status === 'draft' ? (
                <>
                  <Button
                    intent={Intent.DANGER}
                    disabled={reason.trim().length < RefuseReasonMin}
                    loading={review.isPending}
                    data-testid="tenant-refuse"
                    onClick={() => review.mutate({ row: open, status: 'refused' })}
                  >
                    {t('platform.tenant.refuse')}
                  </Button>
                  <Button intent={Intent.SUCCESS} loading={review.isPending} data-testid="tenant-approve" onClick={() => review.mutate({ row: open, status: 'approved' })}>
                    {t('platform.tenant.approve')}
                  </Button>
                </>
              ) : null}
              {open.state === 'ENABLED' ? (
                <Button data-testid="tenant-disable" onClick={() => setConfirm({ kind: 'disable', row: open })}>
                  {t('platform.tenant.disable')}
                </Button>
              ) : null}
              {open.state === 'DISABLED' ? (
                <Button loading={state.isPending} data-testid="tenant-enable" onClick={() => state.mutate({ row: open, action: 'enable' })}>
                  {t('platform.tenant.enable')}
                </Button>
              ) : null}
              {open.state === 'DELETED' && open.purgedAt ? null : open.state === 'DELETED' ? (
                <Button loading={state.isPending} data-testid="tenant-restore" onClick={() => state.mutate({ row: open, action: 'restore' })}>
                  {t('platform.tenant.restore')}
                </Button>
              ) : (
                <Button intent={Intent.DANGER} data-testid="tenant-delete" onClick={() => setConfirm({ kind: 'delete', row: open })}>
                  {t('platform.tenant.delete')}
                </Button>
              )}
            </div>
          </div>
        </AppDialog>
      ) : null}
      <Alert
        isOpen={confirm !== null}
        intent={Intent.DANGER}
        confirmButtonText={confirm?.kind === 'delete' ? t('platform.tenant.delete') : t('platform.tenant.disable')}
        cancelButtonText={t('common.action.cancel')}
        loading={state.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && state.mutate({ row: confirm.row, action: confirm.kind })}
      >
        <p>
          {confirm?.kind === 'delete'
            ? t('platform.tenant.deleteConfirm', { name: confirm.row.facilityName })
            : t('platform.tenant.disableConfirm', { name: confirm?.row.facilityName ?? '' })}
        </p>
      </Alert>
    </div>
  );
}
