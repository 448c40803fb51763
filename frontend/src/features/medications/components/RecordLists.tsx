import { Card, HTMLTable } from '@blueprintjs/core';
import { ListIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { MedPass } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { TableEmpty } from '@/lib/ui/TableEmpty';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { byDay } from '../logRules';
import { passFacts, recordClock, RecordDrug, RecordStatus, RecordWho } from './PassDetails';

interface ListProps {
  records: MedPass[];
  loading: boolean;
  zoneCode: string | undefined;
  empty: string;
}

function Facts({ pass: p, zoneCode }: { pass: MedPass; zoneCode: string | undefined }) {
  const { t } = useTranslation();
  const facts = passFacts(t, p, zoneCode, currentLanguage());
  if (facts.length === 0) return null;
  return (
    <ul className="hearth-med-facts">
      {facts.map((f) => (
        <li key={f.key} data-testid={`record-${f.key}`}>
          {f.text}
        </li>
      ))}
    </ul>
  );
}

/** The records of the page by facility day: a card per day, each pass in the order of the day. */
export function RecordsByDay({ records, loading, zoneCode, empty }: ListProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (records.length === 0) return <TableEmpty loading={loading} icon={<ListIcon size={32} />} title={empty} />;
  return (
    <div className="hearth-med-days">
      {byDay(records).map((g) => (
        <Card key={g.day} className="hearth-med-day" data-testid="log-day" data-day={g.day}>
          <h2 className="hearth-med-subtitle">{formatCalendarDate(g.day, language)}</h2>
          <ul className="hearth-med-day-list">
            {g.records.map((p) => (
              <li key={p.passId} className="hearth-med-record" data-testid="log-record" data-pass-id={p.passId} data-status={p.status} data-kind={p.kind}>
                <span className="hearth-med-record-time">{recordClock(p, language)}</span>
                <div className="hearth-med-record-body">
                  <RecordDrug pass={p} /> <RecordStatus pass={p} />
                  <div className="hearth-muted">
                    <RecordWho pass={p} zoneCode={zoneCode} />
                  </div>
                  <Facts pass={p} zoneCode={zoneCode} />
                </div>
              </li>
            ))}
          </ul>
        </Card>
      ))}
      <p className="hearth-sr-only">{t('medications.log.byDayNote')}</p>
    </div>
  );
}

/** The records one row per pass (cards below 768 px): day, time, drug, what happened, who, and the details. */
export function RecordsTable({ records, loading, zoneCode, empty, label }: ListProps & { label: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={label}>
      <HTMLTable striped className="hearth-card-table" style={{ minWidth: 760, width: '100%' }}>
        <thead>
          <tr>
            <th>{t('medications.log.colDay')}</th>
            <th>{t('medications.log.colTime')}</th>
            <th>{t('medications.log.colDrug')}</th>
            <th>{t('medications.log.colStatus')}</th>
            <th>{t('medications.log.colBy')}</th>
            <th>{t('medications.log.colDetails')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((p) => (
            <tr key={p.passId} data-testid="log-row" data-pass-id={p.passId} data-status={p.status} data-kind={p.kind}>
              <td className="hearth-card-title hearth-cell-nowrap">{formatCalendarDate(p.day, language)}</td>
              <td className="hearth-cell-nowrap" data-label={t('medications.log.colTime')}>
                {recordClock(p, language)}
              </td>
              <td data-label={t('medications.log.colDrug')}>
                <RecordDrug pass={p} />
              </td>
              <td data-label={t('medications.log.colStatus')}>
                <RecordStatus pass={p} />
              </td>
              <td data-label={t('medications.log.colBy')}>
                <RecordWho pass={p} zoneCode={zoneCode} />
              </td>
              <td data-label={t('medications.log.colDetails')}>
                <Facts pass={p} zoneCode={zoneCode} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {records.length === 0 ? <TableEmpty loading={loading} icon={<ListIcon size={32} />} title={empty} /> : null}
    </div>
  );
}
