import { HTMLTable } from '@blueprintjs/core';
import { PeopleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Caregiver } from '@/types/api.gen';
import { ColorSwatch, CredentialWarnings, RoleTag, StaffAvatar, StaffStatusTag } from './StaffBits';
import { TableEmpty } from '@/lib/ui/TableEmpty';

/** The staff list (issue 5 "Screens"): colour, avatar, name, role, status, phone, credential warnings. */
export function StaffTable({ records, loading }: { records: Caregiver[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('staff.title')}>
      <HTMLTable striped className="hearth-staff-table hearth-card-table" style={{ minWidth: 800 }}>
        <thead>
          <tr>
            <th>{t('staff.field.color')}</th>
            <th>{t('staff.field.name')}</th>
            <th>{t('staff.field.role')}</th>
            <th>{t('staff.field.status')}</th>
            <th>{t('staff.field.phone')}</th>
            <th>{t('staff.list.credentials')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((c) => (
            <tr key={c.caregiverId} data-testid="staff-row" data-account={c.account}>
              <td data-label={t('staff.field.color')}>
                <ColorSwatch color={c.color} />
              </td>
              <td className="hearth-card-title">
                <span className="hearth-staff-name">
                  <StaffAvatar name={c.name} avatar={c.avatar} color={c.color} />
                  <Link to={`/staff-management/detail/${encodeURIComponent(c.caregiverId)}`}>{c.name}</Link>
                </span>
              </td>
              <td data-label={t('staff.field.role')}>
                <RoleTag role={c.roleType} />
              </td>
              <td data-label={t('staff.field.status')}>
                <StaffStatusTag status={c.status} />
              </td>
              <td className="hearth-cell-nowrap" data-label={t('staff.field.phone')}>{c.phone}</td>
              <td data-label={t('staff.list.credentials')}>
                <CredentialWarnings overdue={c.overdueCount} expiringSoon={c.expiringSoonCount} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {records.length === 0 ? <TableEmpty loading={loading} icon={<PeopleIcon size={32} />} title={t('staff.list.empty')} /> : null}
    </div>
  );
}
