import { type ReactNode, useId, useState } from 'react';
import { Alert, Button, Classes, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { PlusIcon, SearchIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { OrganisationDetail, OrganisationHome, OrganisationRow } from '@/types/api.gen';
import { FacilityNameMax, FacilityNameMin } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DetailList } from '@/components/DetailList';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField } from '@/lib/form/FormField';
import { currentLanguage } from '@/lib/i18n';
import { planLabel, roleLabel } from '@/lib/i18n/labels';
import { formatDateTime } from '@/lib/time/dateTime';
import { TableEmpty } from '@/lib/ui/TableEmpty';
import {
  createOrganization,
  deleteOrganization,
  moveHome,
  organizationsKey,
  renameOrganization,
  useOrganizationDetail,
  useOrganizations,
} from '../api/organizations';

/** spec 001 §9 "Default page size": 20, options 20, 50, 100. */
const PAGE_SIZES = [20, 50, 100] as const;
/** How many organisations the "Move to…" picker offers for what was typed. */
const MOVE_CHOICES = 20;

type Status = 'draft' | 'submitted' | 'approved' | 'refused';
type State = 'ENABLED' | 'DISABLED' | 'DELETED';

// The server's rule (shared.HasControl): no control character, line breaks included.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The name's broken rule as a message key (the server checks the same: 2–80 trimmed, no control character). */
function useNameRule() {
  const { t } = useTranslation();
  return (raw: string): string | undefined => {
    const v = raw.trim();
    if (CONTROL.test(v)) return t('platform.organization.nameControl');
    if ([...v].length < FacilityNameMin) return t('platform.organization.nameShort', { min: FacilityNameMin });
    return undefined;
  };
}

/** /IAM/organization (super admin): owners' groups of homes; create, rename, move a home to another, delete an empty one. */
export default function OrganizationPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [draft, setDraft] = useState('');
  const [name, setName] = useState<string | undefined>(undefined);
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const list = useOrganizations({ ...paging, data: name ? { name } : {} });
  const [open, setOpen] = useState<OrganisationRow | null>(null);
  const [creating, setCreating] = useState(false);

  const search = (next: string | undefined) => {
    setName(next);
    setPaging((p) => ({ ...p, current: 1 }));
  };

  return (
    <div className="hearth-page">
      <PageHeader title={t('platform.organization.title')} />
      <div className="hearth-filter-bar">
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={() => setCreating(true)} data-testid="org-new">
          {t('platform.organization.new')}
        </Button>
      </div>
      <form
        className="hearth-filter-bar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search(draft.trim() || undefined);
        }}
      >
        <InputGroup
          aria-label={t('platform.organization.search')}
          placeholder={t('platform.organization.search')}
          leftIcon={<SearchIcon />}
          maxLength={FacilityNameMax}
          value={draft}
          data-testid="org-search"
          onChange={(e) => setDraft(e.currentTarget.value)}
        />
        <Button
          onClick={() => {
            setDraft('');
            search(undefined);
          }}
        >
          {t('platform.organization.reset')}
        </Button>
        <Button type="submit" intent={Intent.PRIMARY} icon={<SearchIcon />} data-testid="org-query">
          {t('platform.organization.query')}
        </Button>
      </form>
      <QueryErrorBanner query={list} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
        <HTMLTable striped className="hearth-card-table" style={{ minWidth: 640, width: '100%' }}>
          <thead>
            <tr>
              <th>{t('platform.organization.name')}</th>
              <th>{t('platform.organization.homes')}</th>
              <th>{t('platform.organization.people')}</th>
              <th>{t('platform.organization.created')}</th>
              <th>{t('common.table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.records ?? []).map((r) => (
              <tr key={r.organisationId} data-testid="org-row" data-name={r.name}>
                <td className="hearth-card-title">{r.name}</td>
                <td data-label={t('platform.organization.homes')} data-testid="org-homes">
                  {r.homes}
                </td>
                <td data-label={t('platform.organization.people')}>{r.people}</td>
                <td className="hearth-cell-nowrap" data-label={t('platform.organization.created')}>
                  {formatDateTime(r.createTime, undefined, language)}
                </td>
                <td className="hearth-card-actions">
                  <Button size="small" onClick={() => setOpen(r)} data-testid="org-open" aria-label={t('platform.organization.openNamed', { name: r.name })}>
                    {t('platform.organization.open')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {(list.data?.records.length ?? 0) === 0 ? <TableEmpty loading={list.isPending} icon={<SearchIcon />} title={t('platform.organization.empty')} /> : null}
      </div>
      <Pager
        current={paging.current}
        size={paging.size}
        sizes={PAGE_SIZES}
        total={list.data?.total ?? 0}
        onChange={(current, size) => setPaging({ current, size })}
      />
      {creating ? (
        <NewOrganizationDialog
          onClose={() => setCreating(false)}
          onCreated={(row) => {
            setCreating(false);
            setOpen(row);
          }}
        />
      ) : null}
      {open ? <OrganizationDialog row={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** A name field with the client's check before sending and the server's word after. */
function NameForm({
  id,
  initial,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  children,
  footer,
}: {
  id: string;
  initial: string;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit: (name: string) => void;
  children?: ReactNode;
  footer?: (submit: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const rule = useNameRule();
  const [value, setValue] = useState(initial);
  const [checked, setChecked] = useState(false);
  const local = checked ? rule(value) : undefined;
  const error = local ?? fieldErrors(serverError, 'name').name;
  const submit = (
    <Button type="submit" intent={Intent.PRIMARY} loading={pending} data-testid={`${id}-submit`}>
      {submitLabel}
    </Button>
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setChecked(true);
        if (!rule(value)) onSubmit(value.trim());
      }}
    >
      {children}
      <FormField id={id} label={t('platform.organization.nameLabel')} required error={error}>
        <InputGroup id={id} required maxLength={FacilityNameMax} value={value} data-testid={id} onChange={(e) => setValue(e.currentTarget.value)} />
      </FormField>
      {footer ? footer(submit) : submit}
    </form>
  );
}

function NewOrganizationDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (row: OrganisationRow) => void }) {
  const { t } = useTranslation();
  const create = useAppMutation({
    mutationFn: (name: string) => createOrganization({ name }),
    invalidates: [organizationsKey],
    success: 'platform.organization.createdDone',
    onSuccess: onCreated,
  });
  return (
    <AppDialog title={t('platform.organization.new')} onClose={onClose} style={{ maxWidth: 520, width: 'calc(100vw - 24px)' }}>
      <NameForm
        id="org-new-name"
        initial=""
        submitLabel={t('platform.organization.create')}
        pending={create.isPending}
        serverError={create.error}
        onSubmit={(name) => create.mutate(name)}
        footer={(submit) => (
          <div className={Classes.DIALOG_FOOTER}>
            <div className={Classes.DIALOG_FOOTER_ACTIONS}>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              {submit}
            </div>
          </div>
        )}
      >
        <div className={Classes.DIALOG_BODY}>
          <p className="hearth-muted">{t('platform.organization.newIntro')}</p>
        </div>
      </NameForm>
    </AppDialog>
  );
}

/** One organisation: its figures, a rename, its homes (each movable to another organisation), its people, and delete while empty. */
function OrganizationDialog({ row, onClose }: { row: OrganisationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const detail = useOrganizationDetail(row.organisationId);
  const org: OrganisationDetail | OrganisationRow = detail.data ?? row;
  const [moving, setMoving] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const confirmId = useId();
  const remove = useAppMutation({
    mutationFn: () => deleteOrganization({ organisationId: row.organisationId }),
    invalidates: [organizationsKey],
    success: 'platform.organization.deletedDone',
    onSuccess: onClose,
    onSettled: () => setConfirmDelete(false),
  });
  const rename = useAppMutation({
    mutationFn: (name: string) => renameOrganization({ organisationId: row.organisationId, name }),
    invalidates: [organizationsKey],
    success: 'platform.organization.renamedDone',
  });
  const data = detail.data;
  return (
    <AppDialog title={org.name} onClose={onClose} style={{ maxWidth: 760, width: 'calc(100vw - 24px)' }}>
      <div className={Classes.DIALOG_BODY} data-testid="org-detail">
        <QueryErrorBanner query={detail} />
        <DetailList
          rows={[
            { label: t('platform.organization.homes'), value: org.homes, testId: 'org-detail-homes' },
            { label: t('platform.organization.people'), value: org.people },
            { label: t('platform.organization.created'), value: formatDateTime(org.createTime, undefined, language) },
          ]}
        />
        <NameForm
          key={org.name}
          id="org-rename"
          initial={org.name}
          submitLabel={t('platform.organization.rename')}
          pending={rename.isPending}
          serverError={rename.error}
          onSubmit={(name) => rename.mutate(name)}
        />
        <h3 className="hearth-section-title">{t('platform.organization.homeList')}</h3>
        {data && data.homeList.length === 0 ? <p className="hearth-muted">{t('platform.organization.noHomes')}</p> : null}
        {data && data.homeList.length > 0 ? (
          <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('platform.organization.homeList')}>
            <HTMLTable compact className="hearth-card-table" style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th>{t('platform.organization.home')}</th>
                  <th>{t('platform.organization.status')}</th>
                  <th>{t('platform.organization.state')}</th>
                  <th>{t('platform.organization.plan')}</th>
                  <th>{t('platform.organization.people')}</th>
                  <th>{t('common.table.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.homeList.map((h) => (
                  <tr key={h.tenantId} data-testid="org-home" data-name={h.facilityName}>
                    <td className="hearth-card-title">{h.facilityName}</td>
                    <td data-label={t('platform.organization.status')}>
                      {t(`platform.tenant.statuses.${h.status as Status}`)}
                    </td>
                    <td data-label={t('platform.organization.state')}>
                      <Tag minimal intent={h.state === 'ENABLED' ? Intent.SUCCESS : Intent.WARNING}>
                        {t(`platform.tenant.states.${h.state as State}`)}
                      </Tag>
                    </td>
                    <td data-label={t('platform.organization.plan')}>{planLabel(t, h.plan)}</td>
                    <td data-label={t('platform.organization.people')}>{h.people}</td>
                    <td className="hearth-card-actions">
                      {moving === h.tenantId ? (
                        <MoveHome home={h} from={row.organisationId} onDone={() => setMoving(null)} />
                      ) : (
                        <Button
                          size="small"
                          data-testid="org-move"
                          aria-label={t('platform.organization.moveNamed', { name: h.facilityName })}
                          onClick={() => setMoving(h.tenantId)}
                        >
                          {t('platform.organization.moveTo')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        ) : null}
        <h3 className="hearth-section-title">{t('platform.organization.peopleList')}</h3>
        {data && data.peopleList.length === 0 ? <p className="hearth-muted">{t('platform.organization.noPeople')}</p> : null}
        {data && data.peopleTotal > data.peopleList.length ? (
          <p className="hearth-muted">{t('platform.organization.peopleCut', { shown: data.peopleList.length, total: data.peopleTotal })}</p>
        ) : null}
        {data && data.peopleList.length > 0 ? (
          <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('platform.organization.peopleList')}>
            <HTMLTable compact className="hearth-card-table" style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th>{t('platform.organization.people')}</th>
                  <th>{t('platform.organization.account')}</th>
                  <th>{t('platform.organization.role')}</th>
                  <th>{t('platform.organization.home')}</th>
                </tr>
              </thead>
              <tbody>
                {data.peopleList.map((p) => (
                  <tr key={`${p.userId}-${p.tenantId}`} data-testid="org-person">
                    <td className="hearth-card-title">{p.name}</td>
                    <td data-label={t('platform.organization.account')}>{p.account}</td>
                    <td data-label={t('platform.organization.role')}>{roleLabel(t, p.role)}</td>
                    <td data-label={t('platform.organization.home')}>{p.facilityName}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        ) : null}
        {detail.isPending ? <p className="hearth-muted">{t('platform.organization.loading')}</p> : null}
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        {/* Deleted homes count: their rows keep the organisation while their records are kept. */}
        {data && data.homeList.length > 0 ? (
          <p className="hearth-muted" data-testid="org-delete-hint">
            {t('platform.organization.deleteHint')}
          </p>
        ) : null}
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button
            intent={Intent.DANGER}
            variant="outlined"
            icon={<TrashIcon />}
            disabled={!data || data.homeList.length > 0}
            data-testid="org-delete"
            onClick={() => setConfirmDelete(true)}
          >
            {t('platform.organization.delete')}
          </Button>
          <Button onClick={onClose}>{t('common.action.close')}</Button>
        </div>
      </div>
      <Alert
        isOpen={confirmDelete}
        aria-labelledby={confirmId}
        intent={Intent.DANGER}
        confirmButtonText={t('platform.organization.delete')}
        cancelButtonText={t('common.action.cancel')}
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate()}
      >
        <p id={confirmId} data-testid="org-delete-confirm">{t('platform.organization.deleteConfirm', { name: org.name })}</p>
      </Alert>
    </AppDialog>
  );
}

/** "Move to…": find an organisation by name, choose it, confirm. */
function MoveHome({ home, from, onDone }: { home: OrganisationHome; from: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [find, setFind] = useState('');
  const [target, setTarget] = useState('');
  const choices = useOrganizations({ current: 1, size: MOVE_CHOICES, data: find.trim() ? { name: find.trim() } : {} });
  const options = (choices.data?.records ?? []).filter((o) => o.organisationId !== from);
  const move = useAppMutation({
    mutationFn: () => moveHome({ tenantId: home.tenantId, organisationId: target }),
    invalidates: [organizationsKey],
    success: 'platform.organization.movedDone',
    onSuccess: onDone,
  });
  const id = `org-move-${home.tenantId}`;
  return (
    <div className="hearth-filter-bar" data-testid="org-move-form">
      <InputGroup
        aria-label={t('platform.organization.moveFind')}
        placeholder={t('platform.organization.moveFind')}
        maxLength={FacilityNameMax}
        value={find}
        data-testid="org-move-find"
        onChange={(e) => {
          setFind(e.currentTarget.value);
          setTarget('');
        }}
      />
      <Select
        id={id}
        aria-label={t('platform.organization.moveTarget')}
        value={target}
        data-testid="org-move-target"
        onChange={(e) => setTarget(e.currentTarget.value)}
        options={[
          { value: '', label: options.length ? t('platform.organization.movePick') : t('platform.organization.moveNone') },
          ...options.map((o) => ({ value: o.organisationId, label: o.name })),
        ]}
      />
      <Button size="small" onClick={onDone}>
        {t('common.action.cancel')}
      </Button>
      <Button size="small" intent={Intent.PRIMARY} disabled={!target} loading={move.isPending} data-testid="org-move-confirm" onClick={() => move.mutate()}>
        {t('platform.organization.moveConfirm')}
      </Button>
    </div>
  );
}
