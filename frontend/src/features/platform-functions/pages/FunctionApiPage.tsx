import { useState } from 'react';
import { Alert, Button, Classes, FormGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { EditIcon, PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { useAppMutation } from '@/lib/api/mutation';
import { deleteFunctionApi, FUNCTION_TYPES, functionsKey, saveFunctionApi, useFunctionApis, type FunctionApi } from '../api/functions';

const EMPTY: FunctionApi = { functionId: '', functionName: '', apiPath: '', businessType: '', functionType: 'add', description: '', createTime: 0 };

/** /function-api-management (super admin): the calls a package's function permissions can limit. */
export default function FunctionApiPage() {
  const { t } = useTranslation();
  const list = useFunctionApis();
  const [editing, setEditing] = useState<FunctionApi | null>(null);
  const [deleting, setDeleting] = useState<FunctionApi | null>(null);
  const remove = useAppMutation({
    mutationFn: (a: FunctionApi) => deleteFunctionApi(a.functionId),
    invalidates: [functionsKey],
    success: 'platformFunctions.done.deleted',
    onSettled: () => setDeleting(null),
  });
  return (
    <div className="hearth-page">
      <PageHeader title={t('platformFunctions.apisTitle')} />
      <p className="hearth-muted">{t('platformFunctions.apisIntro')}</p>
      <div className="hearth-filter-bar">
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={() => setEditing(EMPTY)}>
          {t('platformFunctions.addApi')}
        </Button>
      </div>
      <QueryErrorBanner query={list} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('platformFunctions.apisTitle')}>
        <HTMLTable striped compact style={{ width: '100%' }} data-testid="apis-table">
          <thead>
            <tr>
              <th>{t('platformFunctions.field.name')}</th>
              <th>{t('platformFunctions.field.apiPath')}</th>
              <th>{t('platformFunctions.field.businessType')}</th>
              <th>{t('platformFunctions.field.functionType')}</th>
              <th>{t('platformFunctions.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((a) => (
              <tr key={a.functionId}>
                <td>
                  <div>{a.functionName}</div>
                  <small className="hearth-muted">{a.description}</small>
                </td>
                <td>{a.apiPath}</td>
                <td>{a.businessType}</td>
                <td>{t(`platformFunctions.functionType.${a.functionType as (typeof FUNCTION_TYPES)[number]}`)}</td>
                <td>
                  <Button variant="minimal" icon={<EditIcon />} aria-label={t('platformFunctions.edit')} onClick={() => setEditing(a)} />
                  <Button variant="minimal" icon={<TrashIcon />} aria-label={t('platformFunctions.delete')} onClick={() => setDeleting(a)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {editing ? <ApiDialog value={editing} onClose={() => setEditing(null)} /> : null}
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
        <p>{t('platformFunctions.deleteApiConfirm', { name: deleting?.functionName ?? '' })}</p>
      </Alert>
    </div>
  );
}

function ApiDialog({ value, onClose }: { value: FunctionApi; onClose: () => void }) {
  const { t } = useTranslation();
  const [a, setA] = useState(value);
  const save = useAppMutation({
    mutationFn: (v: FunctionApi) => saveFunctionApi(v),
    invalidates: [functionsKey],
    success: 'platformFunctions.done.saved',
    onSuccess: onClose,
  });
  const text = (field: 'functionName' | 'apiPath' | 'businessType' | 'description', max: number) => (
    <FormGroup label={t(`platformFunctions.field.${field === 'functionName' ? 'name' : field}`)} labelFor={`api-${field}`}>
      <InputGroup id={`api-${field}`} maxLength={max} value={a[field]} onChange={(e) => setA({ ...a, [field]: e.currentTarget.value })} />
    </FormGroup>
  );
  return (
    <AppDialog title={a.functionId ? t('platformFunctions.editApi') : t('platformFunctions.addApi')} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(a);
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          {text('functionName', 100)}
          {text('apiPath', 100)}
          {text('businessType', 50)}
          <FormGroup label={t('platformFunctions.field.functionType')} labelFor="api-type">
            <Select
              id="api-type"
              value={a.functionType}
              onChange={(e) => setA({ ...a, functionType: e.currentTarget.value })}
              options={FUNCTION_TYPES.map((k) => ({ value: k, label: t(`platformFunctions.functionType.${k}`) }))}
            />
          </FormGroup>
          {text('description', 300)}
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending}>
              {t('platformFunctions.save')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
