import { Button, HTMLTable } from '@blueprintjs/core';
import { EditIcon, EyeOpenIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { MedicationDisposal } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { TableEmpty } from '@/lib/ui/TableEmpty';
import { formatDateTime } from '@/lib/time/dateTime';
import { methodText, reasonText } from './recordText';

interface DisposalListProps {
  records: MedicationDisposal[];
  loading: boolean;
  zoneCode: string | undefined;
  onOpen: (record: MedicationDisposal) => void;
  onEdit: (record: MedicationDisposal) => void;
}

/**
 * The resident's disposal records, the latest first: medication, method, reason, when, how many and who
 * recorded it, with Details and (owners, admins) Edit. Below 768 px each row is a card.
 */
export function DisposalList({ records, loading, zoneCode, onOpen, onEdit }: DisposalListProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
      <HTMLTable striped className="hearth-card-table" style={{ minWidth: 720, width: '100%' }}>
        <thead>
          <tr>
            <th>{t('disposal.list.medication')}</th>
            <th>{t('disposal.list.method')}</th>
            <th>{t('disposal.list.reason')}</th>
            <th>{t('disposal.list.time')}</th>
            <th>{t('disposal.list.pills')}</th>
            <th>{t('disposal.list.recordedBy')}</th>
            <th>{t('disposal.list.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.recordId} data-testid="disposal-row" data-record-id={r.recordId}>
              <td className="hearth-card-title">
                {r.medicationName} <span className="hearth-muted">{r.dose}</span>
              </td>
              <td data-label={t('disposal.list.method')}>{methodText(t, r)}</td>
              <td data-label={t('disposal.list.reason')}>{reasonText(t, r)}</td>
              <td className="hearth-cell-nowrap" data-label={t('disposal.list.time')}>
                {formatDateTime(r.disposalTime, zoneCode, language)}
              </td>
              <td data-label={t('disposal.list.pills')} data-testid="disposal-row-pills">
                {r.pillsNumber}
              </td>
              <td data-label={t('disposal.list.recordedBy')}>{r.createdByName}</td>
              <td className="hearth-cell-nowrap">
                <Button size="small" icon={<EyeOpenIcon />} onClick={() => onOpen(r)} data-testid="disposal-details">
                  {t('disposal.list.details')}
                </Button>{' '}
                {r.editable ? (
                  <Button size="small" icon={<EditIcon />} onClick={() => onEdit(r)} data-testid="disposal-edit">
                    {t('disposal.list.edit')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {records.length === 0 ? <TableEmpty loading={loading} icon={<TrashIcon size={32} />} title={t('disposal.list.empty')} /> : null}
    </div>
  );
}
