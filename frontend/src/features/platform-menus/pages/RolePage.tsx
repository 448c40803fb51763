import { Checkbox, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { useAppMutation } from '@/lib/api/mutation';
import { MENU_ROLES, menuKey, saveMenu, useMenuEditor, type MenuRow } from '../api/menus';
import '../roles.css';

type MenuRole = (typeof MENU_ROLES)[number];

/** The entry with the role added or taken away. */
export function withRole(row: MenuRow, role: MenuRole, on: boolean): MenuRow {
  const roles = on ? [...new Set([...row.roles, role])] : row.roles.filter((r) => r !== role);
  return { ...row, roles: MENU_ROLES.filter((r) => roles.includes(r)) };
}

/**
 * /IAM/role (super admin): the roles against the menu — each role's column ticks the entries its people see.
 * A tick saves that entry's roles (the same call as /IAM/menu's editor), and shows in each person's next
 * menu on every server; the plan still decides what a home has (the entry's plan function).
 */
export default function RolePage() {
  const { t } = useTranslation();
  const editor = useMenuEditor();
  const save = useAppMutation({
    mutationFn: (row: MenuRow) => saveMenu(row, false),
    invalidates: [menuKey],
    success: 'platformMenus.done.saved',
  });
  const rows = editor.data?.rows ?? [];
  // Parents first, each followed by its children (as on /IAM/menu).
  const ordered = rows.filter((r) => !r.parentCode).flatMap((top) => [top, ...rows.filter((c) => c.parentCode === top.code)]);
  const roleName = (role: MenuRole) => t(`platformMenus.role.${role}`);
  return (
    <div className="hearth-page">
      <PageHeader title={t('platformMenus.roles.title')} />
      <p className="hearth-muted">{t('platformMenus.roles.intro')}</p>
      <QueryErrorBanner query={editor} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('platformMenus.roles.title')}>
        <HTMLTable striped compact style={{ width: '100%' }} data-testid="roles-table">
          <thead>
            <tr>
              <th>{t('platformMenus.field.name')}</th>
              {MENU_ROLES.map((role) => (
                <th key={role} className="hearth-role-column" data-testid={`role-count-${role}`} data-count={rows.filter((r) => r.roles.includes(role)).length}>
                  {roleName(role)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ordered.map((r) => {
              const name = t(r.nameKey as ParseKeys);
              return (
                <tr key={r.code} data-testid={`role-row-${r.code}`}>
                  <th scope="row" style={{ paddingLeft: r.parentCode ? 24 : undefined, fontWeight: r.parentCode ? 'normal' : 600 }}>
                    {name}
                  </th>
                  {MENU_ROLES.map((role) => (
                    <td key={role} className="hearth-role-column">
                      <Checkbox
                        className="hearth-role-tick"
                        checked={r.roles.includes(role)}
                        disabled={save.isPending}
                        aria-label={t('platformMenus.roles.tick', { role: roleName(role), menu: name })}
                        data-testid={`role-${r.code}-${role}`}
                        onChange={(e) => save.mutate(withRole(r, role, e.currentTarget.checked))}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
    </div>
  );
}
