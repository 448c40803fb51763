import { Button, DialogBody, DialogFooter, H3, Intent, Spinner } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { DisposalChange, MedicationDisposal } from '@/types/api.gen';
import { DisposalCreated } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DetailList } from '@/components/DetailList';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { MEDICATION_STATUS_KEYS, MEDICATION_TYPE_KEYS, ROUTE_KEYS } from '@/lib/care/medicationLabels';
import { currentLanguage } from '@/lib/i18n';

import { formatCalendarDate, formatDateTime } from '@/lib/time/dateTime';
import { useDisposal } from '../api/getById';
import { useDisposalHistory } from '../api/history';
import { FIELD_KEYS, labelOf } from '../disposalLabels';
import { methodText, reasonText } from './recordText';

interface DisposalDetailsDialogProps {
  record: MedicationDisposal;
  zoneCode: string | undefined;
  onClose: () => void;
  onEdit: (record: MedicationDisposal) => void;
}

/** One record as it stands now, and its history: who recorded it, every change with what it was before and after. */
export function DisposalDetailsDialog({ record: initial, zoneCode, onClose, onEdit }: DisposalDetailsDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const query = useDisposal(initial.recordId, initial);
  const history = useDisposalHistory(initial.recordId);
  const r = query.data ?? initial;
  const when = (ms: number) => formatDateTime(ms, zoneCode, language);
  return (
    <AppDialog title={t('disposal.details.title', { name: r.medicationName })} onClose={onClose} className="hearth-disposal-dialog">
      <DialogBody>
        <QueryErrorBanner query={query} />
        <div data-testid="disposal-details-body">
          <DetailList
            rows={[
              { label: t('disposal.field.medication'), value: `${r.medicationName} ${r.dose}` },
              { label: t('disposal.field.medicationType'), value: labelOf(t, MEDICATION_TYPE_KEYS, r.medicationType) },
              { label: t('disposal.field.route'), value: labelOf(t, ROUTE_KEYS, r.route) },
              ...(r.rxNumber ? [{ label: t('disposal.field.rxNumber'), value: r.rxNumber }] : []),
              ...(r.instructions ? [{ label: t('disposal.field.instructions'), value: r.instructions }] : []),
              ...(r.diagnosis ? [{ label: t('disposal.field.diagnosis'), value: r.diagnosis }] : []),
              {
                label: t('disposal.field.startDate'),
                value: `${formatCalendarDate(r.startDate, language)}${r.endDate ? ` – ${formatCalendarDate(r.endDate, language)}` : ''}`,
              },
              ...(r.medicationStatus ? [{ label: t('disposal.field.status'), value: labelOf(t, MEDICATION_STATUS_KEYS, r.medicationStatus) }] : []),
              { label: t('disposal.field.method'), value: methodText(t, r), testId: 'disposal-details-method' },
              { label: t('disposal.field.reason'), value: reasonText(t, r), testId: 'disposal-details-reason' },
              { label: t('disposal.field.time'), value: when(r.disposalTime) },
              { label: t('disposal.field.pills'), value: r.pillsNumber, testId: 'disposal-details-pills' },
              ...(r.remarks ? [{ label: t('disposal.field.remarks'), value: r.remarks }] : []),
              { label: t('disposal.field.recordedBy'), value: r.createdByName },
              { label: t('disposal.field.recordedOn'), value: when(r.createTime) },
            ]}
          />
        </div>
        <H3 className="hearth-disposal-history-title">{t('disposal.details.history')}</H3>
        <QueryErrorBanner query={history} />
        {history.isPending ? (
          <Spinner size={20} />
        ) : (history.data ?? []).length === 0 ? (
          <p className="hearth-muted">{t('disposal.details.historyEmpty')}</p>
        ) : (
          <ol className="hearth-disposal-history" data-testid="disposal-history">
            {(history.data ?? []).map((c) => (
              <ChangeEntry key={c.changeId} change={c} when={when} />
            ))}
          </ol>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('disposal.details.close')}</Button>
            {r.editable ? (
              <Button icon={<EditIcon />} intent={Intent.PRIMARY} onClick={() => onEdit(r)} data-testid="disposal-details-edit">
                {t('disposal.details.edit')}
              </Button>
            ) : null}
          </>
        }
      />
    </AppDialog>
  );
}

/** A changed field's value as the history shows it. */
function valueOf(t: ReturnType<typeof useTranslation>['t'], r: MedicationDisposal | undefined, field: string, when: (ms: number) => string): string {
  if (!r) return '';
  switch (field) {
    case 'disposalMethod':
    case 'customMethod':
      return methodText(t, r);
    case 'disposalReason':
    case 'customReason':
      return reasonText(t, r);
    case 'disposalTime':
      return r.disposalTime ? when(r.disposalTime) : '';
    case 'route':
      return labelOf(t, ROUTE_KEYS, r.route);
    case 'medicationType':
      return labelOf(t, MEDICATION_TYPE_KEYS, r.medicationType);
    case 'medicationId':
      return r.medicationName;
    default: {
      const v = (r as unknown as Record<string, unknown>)[field];
      return v === undefined || v === null ? '' : String(v);
    }
  }
}

function ChangeEntry({ change: c, when }: { change: DisposalChange; when: (ms: number) => string }) {
  const { t } = useTranslation();
  const created = c.action === DisposalCreated;
  // Method and its words, reason and its words, show once each; the medication's id shows as its name.
  const shown = c.fields.filter(
    (f) => f !== 'customMethod' && f !== 'customReason' && f !== 'medicationName' && Object.hasOwn(FIELD_KEYS, f),
  );
  const fields = [
    ...shown,
    ...(c.fields.includes('customMethod') && !shown.includes('disposalMethod') ? ['disposalMethod'] : []),
    ...(c.fields.includes('customReason') && !shown.includes('disposalReason') ? ['disposalReason'] : []),
  ];
  return (
    <li className="hearth-disposal-change" data-testid="disposal-change" data-action={c.action}>
      <div>
        <strong>{t(created ? 'disposal.details.created' : 'disposal.details.updated', { name: c.changedByName })}</strong>
        <span className="hearth-muted"> · {when(c.changeTime)}</span>
      </div>
      {created ? null : (
        <table className="hearth-disposal-change-table">
          <thead>
            <tr>
              <th scope="col">{t('disposal.details.changed')}</th>
              <th scope="col">{t('disposal.details.from')}</th>
              <th scope="col">{t('disposal.details.to')}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f}>
                <th scope="row">{labelOf(t, FIELD_KEYS, f)}</th>
                <td>{valueOf(t, c.before ?? undefined, f, when) || t('disposal.details.none')}</td>
                <td>{valueOf(t, c.after ?? undefined, f, when) || t('disposal.details.none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}
