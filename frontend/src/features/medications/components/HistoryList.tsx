import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Button, Card, HTMLTable, Tag } from '@blueprintjs/core';
import { DocumentIcon, HistoryIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { Medication, MedicationChange } from '@/types/api.gen';
import { careLabel } from '@/lib/care/taskLabels';
import { MEDICATION_STATUS_KEYS, MEDICATION_TYPE_KEYS, ROUTE_KEYS } from '@/lib/emar/emarLabels';
import { formatReading, vitalLabel } from '@/lib/emar/emarText';
import { openFilePreview } from '@/lib/files/preview';
import { currentLanguage } from '@/lib/i18n';
import { TableEmpty } from '@/lib/ui/TableEmpty';
import { formatCalendarDate, formatDateTime } from '@/lib/time/dateTime';
import { changedFields, type OrderField } from '../historyRules';
import { timesText } from './OrderCard';

const KIND_KEYS = {
  CREATE: 'medications.history.kind.create',
  UPDATE: 'medications.history.kind.update',
  HOLD: 'medications.history.kind.hold',
  RESUME: 'medications.history.kind.resume',
  DISCONTINUE: 'medications.history.kind.discontinue',
  RESTORE: 'medications.history.kind.restore',
  REMOVE: 'medications.history.kind.remove',
} as const;

const FIELD_KEYS: Record<OrderField, string> = {
  name: 'medications.form.name',
  type: 'medications.form.type',
  dose: 'medications.form.dose',
  route: 'medications.form.route',
  frequency: 'medications.form.frequency',
  times: 'medications.form.times',
  startDate: 'medications.form.startDate',
  endDate: 'medications.form.endDate',
  instructions: 'medications.form.instructions',
  diagnosis: 'medications.form.diagnosis',
  rxNumber: 'medications.form.rxNumber',
  physician: 'medications.form.physician',
  controlled: 'medications.form.controlled',
  vital: 'medications.form.vital',
  holdBelow: 'medications.form.holdBelow',
  holdAbove: 'medications.form.holdAbove',
  slidingScale: 'medications.form.scaleTitle',
  status: 'medications.history.field.status',
  onHold: 'medications.history.field.onHold',
  holdReason: 'medications.history.field.holdReason',
  endTime: 'medications.history.field.endTime',
  stopReason: 'medications.history.field.stopReason',
};

/** One field of an order in words ("—" when empty). */
function fieldText(tf: TFunction, m: Medication | null | undefined, f: OrderField, zoneCode: string | undefined, language: string): ReactNode {
  const t = tf as unknown as (key: string, values?: Record<string, unknown>) => string;
  if (!m) return '—';
  const v = m[f];
  const none = '—';
  switch (f) {
    case 'type':
      return careLabel(tf, MEDICATION_TYPE_KEYS, m.type) || none;
    case 'route':
      return careLabel(tf, ROUTE_KEYS, m.route) || none;
    case 'status':
      return careLabel(tf, MEDICATION_STATUS_KEYS, m.status) || none;
    case 'times':
      return m.times?.length ? timesText(m.times, language) : none;
    case 'startDate':
    case 'endDate':
      return v ? formatCalendarDate(String(v), language) : none;
    case 'controlled':
      return v ? t('medications.history.value.controlled') : t('medications.history.value.notControlled');
    case 'onHold':
      return v ? t('medications.history.value.onHold') : t('medications.history.value.notOnHold');
    case 'vital':
      return m.vital ? vitalLabel(tf, m.vital) : none;
    case 'holdBelow':
    case 'holdAbove':
      return typeof v === 'number' ? formatReading(v, language) : none;
    case 'endTime':
      return m.endTime ? formatDateTime(m.endTime, zoneCode, language) : none;
    case 'slidingScale':
      return m.slidingScale?.length ? m.slidingScale.map((s) => t('medications.order.scaleRow', { from: s.from, to: s.to, dose: s.dose })).join('; ') : none;
    default:
      return v === undefined || v === null || v === '' ? none : String(v);
  }
}

/**
 * What a change changed: the fields, before and after (a new order: what it holds). Its scrolling region is
 * named by the change's title and who made it when (`labelledBy`), as two changes of one order are told apart.
 */
function ChangeTable({ change: c, zoneCode, labelledBy }: { change: MedicationChange; zoneCode: string | undefined; labelledBy: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const fields = changedFields(c.before, c.after);
  if (fields.length === 0) return null;
  const created = !c.before;
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <HTMLTable compact className="hearth-med-diff" data-testid="history-diff">
        <thead>
          <tr>
            <th>{t('medications.history.field.label')}</th>
            {created ? null : <th>{t('medications.history.before')}</th>}
            <th>{created ? t('medications.history.ordered') : t('medications.history.after')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f} data-testid="history-field" data-field={f}>
              <th scope="row">{t(FIELD_KEYS[f] as 'medications.form.name')}</th>
              {created ? null : <td data-testid="history-before">{fieldText(t, c.before, f, zoneCode, language)}</td>}
              <td data-testid="history-after">{fieldText(t, c.after, f, zoneCode, language)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** The med history: every change of the resident's orders, newest first, with the prescriber, the note, the written order, who and when. */
export function HistoryList({ changes, loading, zoneCode }: { changes: MedicationChange[]; loading: boolean; zoneCode: string | undefined }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (changes.length === 0) return <TableEmpty loading={loading} icon={<HistoryIcon size={32} />} title={t('medications.history.empty')} />;
  return (
    <ol className="hearth-med-history">
      {changes.map((c) => (
        <li key={c.changeId}>
          <Card className="hearth-med-change" data-testid="history-change" data-kind={c.kind} data-medication={c.medicationName}>
            <h2 className="hearth-med-subtitle" id={`history-${c.changeId}-title`}>
              <Tag minimal intent={c.kind === 'DISCONTINUE' || c.kind === 'REMOVE' ? 'danger' : c.kind === 'HOLD' ? 'warning' : 'primary'}>
                {t(KIND_KEYS[c.kind as keyof typeof KIND_KEYS] ?? KIND_KEYS.UPDATE)}
              </Tag>{' '}
              {c.medicationName}
            </h2>
            <dl className="hearth-med-change-meta">
              <div>
                <dt>{t('medications.history.orderedOn')}</dt>
                <dd>{c.changeDate ? formatCalendarDate(c.changeDate, language) : '—'}</dd>
              </div>
              <div>
                <dt>{t('medications.history.prescriber')}</dt>
                <dd data-testid="history-prescriber">{c.prescriber || '—'}</dd>
              </div>
              <div>
                <dt>{t('medications.history.by')}</dt>
                <dd data-testid="history-by" id={`history-${c.changeId}-by`}>{t('medications.history.byWhen', { name: c.actorName || '—', time: formatDateTime(c.createTime, zoneCode, language) })}</dd>
              </div>
              <div>
                <dt>{t('medications.history.file')}</dt>
                <dd>
                  {c.verificationFile ? (
                    <Button variant="minimal" size="small" icon={<DocumentIcon />} className="hearth-link-button" onClick={() => openFilePreview(c.verificationFile!.fileId)} data-testid="history-file">
                      {c.verificationFile.name}
                    </Button>
                  ) : (
                    <span className="hearth-muted">{t('medications.history.noFile')}</span>
                  )}
                </dd>
              </div>
            </dl>
            {c.note ? (
              <p className="hearth-med-change-note" data-testid="history-note">
                {t('medications.history.note', { note: c.note })}
              </p>
            ) : null}
            <ChangeTable change={c} zoneCode={zoneCode} labelledBy={`history-${c.changeId}-title history-${c.changeId}-by`} />
          </Card>
        </li>
      ))}
    </ol>
  );
}
