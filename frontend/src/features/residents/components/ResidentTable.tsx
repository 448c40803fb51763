import { HTMLTable } from '@blueprintjs/core';
import { PeopleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Resident } from '@/types/api.gen';
import { ResidentGoingOut } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { residentDetailUrl } from '../residentPaths';
import { ResidentAvatar } from './ResidentAvatar';
import { ResidentBadges, ResidentStatusTag } from './ResidentTags';
import { TableEmpty } from '@/lib/ui/TableEmpty';

interface ResidentTableProps {
  base: string;
  records: Resident[];
  loading: boolean;
  zone: string | undefined;
}

/** The paged list: photo and name (a link to the profile), room, status, age, DNR and allergy badges. */
export function ResidentTable({ base, records, loading, zone }: ResidentTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="hearth-table-scroll">
      <HTMLTable striped interactive style={{ minWidth: 640, width: '100%' }}>
        <thead>
          <tr>
            <th>{t('residents.list.name')}</th>
            <th>{t('residents.list.room')}</th>
            <th>{t('residents.list.status')}</th>
            <th>{t('residents.list.age')}</th>
            <th>{t('residents.list.alerts')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.residentId} data-testid="resident-row" data-resident-id={r.residentId}>
              <td>
                <span className="hearth-resident-name-cell">
                  <ResidentAvatar resident={r} />
                  <span>
                    <Link to={residentDetailUrl(base, r.residentId)} data-testid="resident-link">
                      {r.name || `${r.firstName} ${r.lastName}`}
                    </Link>
                    {r.preferredName ? (
                      <span className="hearth-muted"> {t('residents.list.preferred', { name: r.preferredName })}</span>
                    ) : null}
                  </span>
                </span>
              </td>
              <td className="hearth-cell-nowrap">{r.room}</td>
              <td className="hearth-cell-nowrap">
                <ResidentStatusTag status={r.status} />
                {r.status === ResidentGoingOut && r.returnDate > 0 ? (
                  <div className="hearth-muted">{t('residents.list.returnBy', { date: formatDateTime(r.returnDate, zone, language) })}</div>
                ) : null}
              </td>
              <td>{r.age}</td>
              <td>
                <ResidentBadges resident={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {records.length === 0 ? <TableEmpty loading={loading} icon={<PeopleIcon size={32} />} title={t('residents.list.empty')} /> : null}
    </div>
  );
}
