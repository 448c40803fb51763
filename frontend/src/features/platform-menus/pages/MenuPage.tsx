import { useState } from 'react';
import { Alert, Button, Checkbox, Classes, FormGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { EditIcon, PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { useAppMutation } from '@/lib/api/mutation';
import { deleteMenu, MENU_ROLES, menuKey, saveMenu, useMenuEditor, type MenuEditorData, type MenuRow } from '../api/menus';

const EMPTY: MenuRow = { code: '', parentCode: '', nameKey: '', url: '', icon: 'document', sort: 0, roles: [], function: '' };

/**
 * /IAM/menu (super admin): the menu tree. An entry's URL is one of the app's pages (or empty for a group);
 * a change shows in everyone's next menu on every server.
 */
export default function MenuPage() {
  const { t } = useTranslation();
  const editor = useMenuEditor();
  const [editing, setEditing] = useState<{ row: MenuRow; adding: boolean } | null>(null);
  const [deleting, setDeleting] = useState<MenuRow | null>(null);
  const remove = useAppMutation({
    mutationFn: (r: MenuRow) => deleteMenu(r.code),
    invalidates: [menuKey],
    success: 'platformMenus.done.deleted',
    onSettled: () => setDeleting(null),
  });
  const rows = editor.data?.rows ?? [];
  // Parents first, each followed by its children.
  const ordered = rows.filter((r) => !r.parentCode).flatMap((top) => [top, ...rows.filter((c) => c.parentCode === top.code)]);
  return (
    <div className="hearth-page">
      <PageHeader title={t('platformMenus.title')} />
      <p className="hearth-muted">{t('platformMenus.intro')}</p>
      <div className="hearth-filter-bar">
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} data-testid="menu-add" onClick={() => setEditing({ row: EMPTY, adding: true })}>
          {t('platformMenus.add')}
        </Button>
      </div>
      <QueryErrorBanner query={editor} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('platformMenus.title')}>
        <HTMLTable striped compact style={{ width: '100%' }} data-testid="menus-table">
          <thead>
            <tr>
              <th>{t('platformMenus.field.name')}</th>
              <th>{t('platformMenus.field.code')}</th>
              <th>{t('platformMenus.field.url')}</th>
              <th>{t('platformMenus.field.roles')}</th>
              <th>{t('platformMenus.field.sort')}</th>
              <th>{t('platformMenus.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {ordered.map((r) => (
              <tr key={r.code} data-testid={`menu-${r.code}`}>
                <td style={{ paddingLeft: r.parentCode ? 24 : undefined }}>{t(r.nameKey as ParseKeys)}</td>
                <td>{r.code}</td>
                <td>{r.url}</td>
                <td>{r.roles.map((role) => t(`platformMenus.role.${role as (typeof MENU_ROLES)[number]}`)).join(', ')}</td>
                <td>{r.sort}</td>
                <td>
                  <Button variant="minimal" icon={<EditIcon />} aria-label={t('platformMenus.edit', { code: r.code })} onClick={() => setEditing({ row: r, adding: false })} />
                  <Button variant="minimal" icon={<TrashIcon />} aria-label={t('platformMenus.delete', { code: r.code })} onClick={() => setDeleting(r)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {editing && editor.data ? (
        <MenuDialog row={editing.row} adding={editing.adding} data={editor.data} onClose={() => setEditing(null)} />
      ) : null}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        confirmButtonText={t('platformMenus.deleteButton')}
        cancelButtonText={t('common.action.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        <p>{t('platformMenus.deleteConfirm', { code: deleting?.code ?? '' })}</p>
      </Alert>
    </div>
  );
}

function MenuDialog({ row, adding, data, onClose }: { row: MenuRow; adding: boolean; data: MenuEditorData; onClose: () => void }) {
  const { t } = useTranslation();
  const [r, setR] = useState<MenuRow>(row);
  const save = useAppMutation({
    mutationFn: (v: MenuRow) => saveMenu(v, adding),
    invalidates: [menuKey],
    success: 'platformMenus.done.saved',
    onSuccess: onClose,
  });
  const tops = data.rows.filter((x) => !x.parentCode && x.code !== r.code);
  return (
    <AppDialog title={adding ? t('platformMenus.add') : t('platformMenus.editTitle')} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(r);
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label={t('platformMenus.field.code')} labelFor="menu-code">
            <InputGroup id="menu-code" data-testid="menu-code" maxLength={50} disabled={!adding} value={r.code} onChange={(e) => setR({ ...r, code: e.currentTarget.value })} />
          </FormGroup>
          <FormGroup label={t('platformMenus.field.name')} labelFor="menu-name" helperText={r.nameKey ? t(r.nameKey as ParseKeys) : undefined}>
            <Select
              id="menu-name"
              data-testid="menu-name"
              value={r.nameKey}
              onChange={(e) => setR({ ...r, nameKey: e.currentTarget.value })}
              options={[{ value: '', label: '' }, ...data.nameKeys.map((k) => ({ value: k, label: `${t(k as ParseKeys)} (${k})` }))]}
            />
          </FormGroup>
          <FormGroup label={t('platformMenus.field.url')} labelFor="menu-url" helperText={t('platformMenus.urlHelp')}>
            <InputGroup id="menu-url" data-testid="menu-url" maxLength={100} list="menu-pages" value={r.url} onChange={(e) => setR({ ...r, url: e.currentTarget.value })} />
            <datalist id="menu-pages">
              {data.pages.map((p) => (
                <option key={p} value={p} />
              ))}
            </datalist>
          </FormGroup>
          <FormGroup label={t('platformMenus.field.parent')} labelFor="menu-parent">
            <Select
              id="menu-parent"
              value={r.parentCode}
              onChange={(e) => setR({ ...r, parentCode: e.currentTarget.value })}
              options={[{ value: '', label: t('platformMenus.topLevel') }, ...tops.map((x) => ({ value: x.code, label: `${t(x.nameKey as ParseKeys)} (${x.code})` }))]}
            />
          </FormGroup>
          <FormGroup label={t('platformMenus.field.icon')} labelFor="menu-icon">
            <InputGroup id="menu-icon" maxLength={50} value={r.icon} onChange={(e) => setR({ ...r, icon: e.currentTarget.value })} />
          </FormGroup>
          <FormGroup label={t('platformMenus.field.sort')} labelFor="menu-sort">
            <InputGroup id="menu-sort" data-testid="menu-sort" inputMode="numeric" value={String(r.sort)} onChange={(e) => setR({ ...r, sort: Number(e.currentTarget.value.replace(/\D/g, '')) || 0 })} />
          </FormGroup>
          <FormGroup label={t('platformMenus.field.function')} labelFor="menu-function" helperText={t('platformMenus.functionHelp')}>
            <Select
              id="menu-function"
              value={r.function}
              onChange={(e) => setR({ ...r, function: e.currentTarget.value })}
              options={[{ value: '', label: t('platformMenus.functionDefault') }, ...data.rows.filter((x) => !x.parentCode).map((x) => ({ value: x.code, label: x.code }))]}
            />
          </FormGroup>
          <fieldset className="hearth-fieldset">
            <legend>{t('platformMenus.field.roles')}</legend>
            {MENU_ROLES.map((role) => (
              <Checkbox
                key={role}
                label={t(`platformMenus.role.${role}`)}
                data-testid={`menu-role-${role}`}
                checked={r.roles.includes(role)}
                onChange={(e) => setR({ ...r, roles: e.currentTarget.checked ? [...r.roles, role] : r.roles.filter((x) => x !== role) })}
              />
            ))}
          </fieldset>
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="menu-save">
              {t('platformMenus.save')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
