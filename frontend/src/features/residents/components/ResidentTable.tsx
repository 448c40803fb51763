import { HTMLTable } from '@blueprintjs/core';
import { PeopleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Resident } from '@/types/api.gen';
import { ResidentGoingOut } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatDate, formatDateTime } from '@/lib/time/dateTime';
import { DESTINATION_KEYS, labelOf } from '@/lib/residents/residentLabels';
import { residentDetailUrl } from '../residentPaths';
import { vitalsEntryUrl } from '@/lib/residents/residentPaths';
import { destinationText, isFinalStatus, showsDeparture } from '@/lib/residents/residentRules';
import { ResidentAvatar } from './ResidentAvatar';
import { ResidentBadges, ResidentStatusTag } from './ResidentTags';
import { TableEmpty } from '@/lib/ui/TableEmpty';

interface ResidentTableProps {
  base: string;
  records: Resident[];
  loading: boolean;
  zone: string | undefined;
}

/**
 * The paged list: photo and name (a link to the profile, and one to record vitals), room, status, age, DNR
 * and allergy badges; a list
 * with moved-out or deceased residents also shows when they left and where they went.
 */
export function ResidentTable({ base, records, loading, zone }: ResidentTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const departure = showsDeparture(records);
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
      <HTMLTable striped interactive className="hearth-card-table" style={{ minWidth: 640, width: '100%' }}>
        <thead>
          <tr>
            <th>{t('residents.list.name')}</th>
            <th>{t('residents.list.room')}</th>
            <th>{t('residents.list.status')}</th>
            {departure ? <th>{t('residents.list.leftOn')}</th> : null}
            {departure ? <th>{t('residents.list.destination')}</th> : null}
            <th>{t('residents.list.age')}</th>
            <th>{t('residents.list.alerts')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.residentId} data-testid="resident-row" data-resident-id={r.residentId}>
              <td className="hearth-card-title">
                <span className="hearth-resident-name-cell">
                  <ResidentAvatar resident={r} />
                  <span>
                    <Link className="hearth-resident-link" to={residentDetailUrl(base, r.residentId)} data-testid="resident-link">
                      {r.name || `${r.firstName} ${r.lastName}`}
                    </Link>
                    {r.preferredName ? (
                      <span className="hearth-muted"> {t('residents.list.preferred', { name: r.preferredName })}</span>
                    ) : null}
                    {!isFinalStatus(r.status) ? (
                      <Link
                        className="hearth-resident-vitals"
                        to={vitalsEntryUrl(base, r.residentId)}
                        aria-label={t('residents.list.vitalsFor', { name: r.name || `${r.firstName} ${r.lastName}` })}
                        data-testid="resident-vitals"
                      >
                        {t('residents.list.vitals')}
                      </Link>
                    ) : null}
                  </span>
                </span>
              </td>
              <td className="hearth-cell-nowrap" data-label={t('residents.list.room')}>{r.room}</td>
              <td className="hearth-cell-nowrap" data-label={t('residents.list.status')}>
                <ResidentStatusTag status={r.status} />
                {r.status === ResidentGoingOut && r.returnDate > 0 ? (
                  <div className="hearth-muted">{t('residents.list.returnBy', { date: formatDateTime(r.returnDate, zone, language) })}</div>
                ) : null}
              </td>
              {departure ? (
                <td className="hearth-cell-nowrap" data-testid="resident-left-on" data-label={t('residents.list.leftOn')}>
                  {isFinalStatus(r.status) ? formatDate(r.statusTime, zone, language) : ''}
                </td>
              ) : null}
              {departure ? (
                <td data-testid="resident-destination" data-label={t('residents.list.destination')}>{destinationText(r, (c) => labelOf(t, DESTINATION_KEYS, c))}</td>
              ) : null}
              <td data-label={t('residents.list.age')}>{r.age}</td>
              <td data-label={t('residents.list.alerts')}>
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
