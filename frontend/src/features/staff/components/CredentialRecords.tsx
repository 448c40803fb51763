import { Button, HTMLTable } from '@blueprintjs/core';
import { DocumentIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { CaregiverFile } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { credentialTypeLabel } from '../staffLabels';

/** The certificate and CE records on file, each file opening in the preview window. */
export function CredentialRecords({ records }: { records: CaregiverFile[] }) {
  const { t } = useTranslation();
  if (records.length === 0) return <p className="hearth-muted">{t('staff.credential.noRecords')}</p>;
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
      <HTMLTable compact striped>
        <thead>
          <tr>
            <th>{t('staff.credential.type')}</th>
            <th>{t('staff.credential.name')}</th>
            <th>{t('staff.credential.issueDate')}</th>
            <th>{t('staff.credential.expiryDate')}</th>
            <th>{t('staff.credential.ceHours')}</th>
            <th>{t('staff.credential.files')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.credentialId} data-testid="credential-record">
              <td>{credentialTypeLabel(t, r.credentialType)}</td>
              <td>{r.name}</td>
              <td className="hearth-cell-nowrap">{formatCalendarDate(r.issueDate, currentLanguage())}</td>
              <td className="hearth-cell-nowrap">{r.expiryDate ? formatCalendarDate(r.expiryDate, currentLanguage()) : t('staff.credential.noExpiry')}</td>
              <td>{r.ceHours ? r.ceHours : ''}</td>
              <td>
                {(r.files ?? []).map((f) => (
                  <Button
                    key={f.fileId}
                    variant="minimal"
                    size="small"
                    icon={<DocumentIcon />}
                    onClick={() => window.open(`/${f.fileId}?preview=1`, '_blank', 'noopener')}
                  >
                    {f.name}
                  </Button>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
