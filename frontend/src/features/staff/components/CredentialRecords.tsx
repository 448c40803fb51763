import { Button, Card, HTMLTable } from '@blueprintjs/core';
import { DocumentIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { CaregiverFile } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { useNarrow } from '@/lib/ui/useNarrow';
import { DetailList } from '@/components/DetailList';
import { credentialTypeLabel } from '../staffLabels';

/** The certificate and CE records on file, each file opening in the preview window. */
export function CredentialRecords({ records }: { records: CaregiverFile[] }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  if (records.length === 0) return <p className="hearth-muted">{t('staff.credential.noRecords')}</p>;
  const files = (r: CaregiverFile) =>
    (r.files ?? []).map((f) => (
      <Button key={f.fileId} variant="minimal" size="small" icon={<DocumentIcon />} onClick={() => window.open(`/${f.fileId}?preview=1`, '_blank', 'noopener')}>
        {f.name}
      </Button>
    ));
  // On a phone six columns left the name 52 px: each record is a card of its own there.
  if (narrow) {
    return (
      <ul className="hearth-credential-cards">
        {records.map((r) => (
          <li key={r.credentialId} data-testid="credential-record">
            <Card compact>
              <h3 className="hearth-credential-card-title">{r.name || credentialTypeLabel(t, r.credentialType)}</h3>
              <DetailList
                rows={[
                  { label: t('staff.credential.type'), value: credentialTypeLabel(t, r.credentialType) },
                  { label: t('staff.credential.issueDate'), value: formatCalendarDate(r.issueDate, currentLanguage()) },
                  { label: t('staff.credential.expiryDate'), value: r.expiryDate ? formatCalendarDate(r.expiryDate, currentLanguage()) : t('staff.credential.noExpiry') },
                  ...(r.ceHours ? [{ label: t('staff.credential.ceHours'), value: String(r.ceHours) }] : []),
                ]}
              />
              {r.files?.length ? <div className="hearth-credential-card-files">{files(r)}</div> : null}
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('staff.credential.records')}>
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
              <td>{files(r)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
