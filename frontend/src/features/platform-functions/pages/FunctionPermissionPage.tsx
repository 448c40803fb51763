import { useState } from 'react';
import { Alert, Button, Classes, FormGroup, HTMLTable, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { EditIcon, PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { useAppMutation } from '@/lib/api/mutation';
import {
  deleteFunctionPermission,
  functionsKey,
  PACKAGES,
  PERMISSION_TYPES,
  saveFunctionPermission,
  useFunctionApis,
  useFunctionPermissions,
  type FunctionPermission,
} from '../api/functions';

/** A datetime-local value (the browser's zone) and back. */
function toLocalInput(ms: number): string {
  if (!ms) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * /function-permission-management (super admin): per package (a plan; ?packageId= opens one), which function APIs are switched off (7003),
 * usable until a time (7004) or a number of times a month per facility (7011). Every server applies a change
 * within a second.
 */
export default function FunctionPermissionPage() {
  const { t } = useTranslation();
  // A service package's link opens its plan's permissions (/service-package-management).
  const [params] = useSearchParams();
  const [pkg, setPkg] = useState<string>(() => {
    const asked = params.get('packageId') ?? '';
    return (PACKAGES as readonly string[]).includes(asked) ? asked : '';
  });
  const list = useFunctionPermissions(pkg);
  const [editing, setEditing] = useState<FunctionPermission | null>(null);
  const [deleting, setDeleting] = useState<FunctionPermission | null>(null);
  const remove = useAppMutation({
    mutationFn: (p: FunctionPermission) => deleteFunctionPermission(p.id),
    invalidates: [functionsKey],
    success: 'platformFunctions.done.deleted',
    onSettled: () => setDeleting(null),
  });
  const limit = (p: FunctionPermission) =>
    p.permissionType === 'USAGE_LIMITED'
      ? t('platformFunctions.perMonth', { count: p.limitCount })
      : p.permissionType === 'TIME_LIMITED'
        ? new Date(p.limitTime).toLocaleString()
        : '';
  return (
    <div className="hearth-page">
      <PageHeader title={t('platformFunctions.permissionsTitle')} />
      <p className="hearth-muted">{t('platformFunctions.permissionsIntro')}</p>
      <div className="hearth-filter-bar">
        <Select
          aria-label={t('platformFunctions.field.package')}
          value={pkg}
          onChange={(e) => setPkg(e.currentTarget.value)}
          options={[{ value: '', label: t('platformFunctions.allPackages') }, ...PACKAGES.map((p) => ({ value: p, label: t(`platformFunctions.package.${p}`) }))]}
        />
        <Button
          intent={Intent.PRIMARY}
          icon={<PlusIcon />}
          data-testid="permission-add"
          onClick={() =>
            setEditing({
              id: '',
              functionId: '',
              functionName: '',
              apiPath: '',
              packageId: pkg || 'PREMIUM_PLAN',
              permissionType: 'USAGE_LIMITED',
              limitCount: 10,
              limitTime: 0,
              status: 'ENABLED',
              updateTime: 0,
            })
          }
        >
          {t('platformFunctions.addPermission')}
        </Button>
      </div>
      <QueryErrorBanner query={list} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('platformFunctions.permissionsTitle')}>
        <HTMLTable striped compact style={{ width: '100%' }} data-testid="permissions-table">
          <thead>
            <tr>
              <th>{t('platformFunctions.field.package')}</th>
              <th>{t('platformFunctions.field.function')}</th>
              <th>{t('platformFunctions.field.type')}</th>
              <th>{t('platformFunctions.field.limit')}</th>
              <th>{t('platformFunctions.field.status')}</th>
              <th>{t('platformFunctions.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((p) => (
              <tr key={p.id} data-testid={`permission-${p.packageId}-${p.functionId}`}>
                <td>{t(`platformFunctions.package.${p.packageId as (typeof PACKAGES)[number]}`)}</td>
                <td>
                  <div>{p.functionName}</div>
                  <small className="hearth-muted">{p.apiPath}</small>
                </td>
                <td>{t(`platformFunctions.type.${p.permissionType}`)}</td>
                <td>{limit(p)}</td>
                <td>{p.status === 'ENABLED' ? t('platformFunctions.enabled') : t('platformFunctions.disabled')}</td>
                <td>
                  <Button variant="minimal" icon={<EditIcon />} aria-label={t('platformFunctions.edit')} onClick={() => setEditing(p)} />
                  <Button variant="minimal" icon={<TrashIcon />} aria-label={t('platformFunctions.delete')} onClick={() => setDeleting(p)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {editing ? <PermissionDialog permission={editing} onClose={() => setEditing(null)} /> : null}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        confirmButtonText={t('platformFunctions.delete')}
        cancelButtonText={t('common.action.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        <p>{t('platformFunctions.deleteConfirm', { name: deleting?.functionName ?? '' })}</p>
      </Alert>
    </div>
  );
}

function PermissionDialog({ permission, onClose }: { permission: FunctionPermission; onClose: () => void }) {
  const { t } = useTranslation();
  const apis = useFunctionApis();
  const [p, setP] = useState<FunctionPermission>(permission);
  const save = useAppMutation({
    mutationFn: (v: FunctionPermission) => saveFunctionPermission(v),
    invalidates: [functionsKey],
    success: 'platformFunctions.done.saved',
    onSuccess: onClose,
  });
  const functionId = p.functionId || apis.data?.[0]?.functionId || '';
  return (
    <AppDialog title={p.id ? t('platformFunctions.editPermission') : t('platformFunctions.addPermission')} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ ...p, functionId });
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label={t('platformFunctions.field.function')} labelFor="perm-function">
            <Select
              id="perm-function"
              data-testid="perm-function"
              value={functionId}
              onChange={(e) => setP({ ...p, functionId: e.currentTarget.value })}
              options={(apis.data ?? []).map((a) => ({ value: a.functionId, label: `${a.functionName} (${a.apiPath})` }))}
            />
          </FormGroup>
          <FormGroup label={t('platformFunctions.field.package')} labelFor="perm-package">
            <Select
              id="perm-package"
              data-testid="perm-package"
              value={p.packageId}
              onChange={(e) => setP({ ...p, packageId: e.currentTarget.value })}
              options={PACKAGES.map((k) => ({ value: k, label: t(`platformFunctions.package.${k}`) }))}
            />
          </FormGroup>
          <FormGroup label={t('platformFunctions.field.type')} labelFor="perm-type">
            <Select
              id="perm-type"
              data-testid="perm-type"
              value={p.permissionType}
              onChange={(e) => setP({ ...p, permissionType: e.currentTarget.value as FunctionPermission['permissionType'] })}
              options={PERMISSION_TYPES.map((k) => ({ value: k, label: t(`platformFunctions.type.${k}`) }))}
            />
          </FormGroup>
          {p.permissionType === 'USAGE_LIMITED' ? (
            <FormGroup label={t('platformFunctions.field.limitCount')} labelFor="perm-count" helperText={t('platformFunctions.limitCountHelp')}>
              <InputGroup
                id="perm-count"
                data-testid="perm-count"
                inputMode="numeric"
                value={String(p.limitCount)}
                onChange={(e) => setP({ ...p, limitCount: Number(e.currentTarget.value.replace(/\D/g, '')) || 0 })}
              />
            </FormGroup>
          ) : null}
          {p.permissionType === 'TIME_LIMITED' ? (
            <FormGroup label={t('platformFunctions.field.limitTime')} labelFor="perm-time">
              <input
                id="perm-time"
                className={Classes.INPUT}
                type="datetime-local"
                value={toLocalInput(p.limitTime)}
                onChange={(e) => setP({ ...p, limitTime: e.currentTarget.value ? new Date(e.currentTarget.value).getTime() : 0 })}
              />
            </FormGroup>
          ) : null}
          <Switch
            checked={p.status === 'ENABLED'}
            label={t('platformFunctions.enabled')}
            onChange={(e) => setP({ ...p, status: e.currentTarget.checked ? 'ENABLED' : 'DISABLED' })}
          />
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              loading={save.isPending}
              disabled={!functionId}
              data-testid="perm-save"
            >
              {t('platformFunctions.save')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
