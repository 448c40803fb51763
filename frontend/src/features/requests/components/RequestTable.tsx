import type { ReactNode } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ApplicationForm } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { typeLabel } from '../requestLabels';
import { RequestStatusTag } from './RequestStatusTag';

interface Props {
  records: ApplicationForm[];
  zone: string | undefined;
  /** Show who asked (the approvals list). */
  showCreator?: boolean;
  /** Buttons of a row (approve / refuse); such a list shows no status or decision columns. */
  actions?: (r: ApplicationForm) => ReactNode;
  /** The table region's name (the title of the list it shows). */
  label: string;
}

/** Requests with their state, the decider and the comment. */
export function RequestTable({ records, zone, showCreator, actions, label }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // A list to decide (with actions) holds only pending requests: no status or decision to show.
  const decided = !actions;
  if (records.length === 0) return <p className="hearth-muted">{t('requests.list.empty')}</p>;
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={label}>
      <HTMLTable compact striped className="hearth-card-table" style={{ minWidth: 800 }}>
        <thead>
          <tr>
            {showCreator ? <th>{t('requests.field.creator')}</th> : null}
            <th>{t('requests.field.type')}</th>
            <th>{t('requests.field.start')}</th>
            <th>{t('requests.field.end')}</th>
            <th>{t('requests.field.reason')}</th>
            {decided ? <th>{t('requests.field.status')}</th> : null}
            {decided ? <th>{t('requests.field.decision')}</th> : null}
            {actions ? <th>{t('requests.field.actions')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.applicationId} data-testid="request-row" data-request-id={r.applicationId}>
              {showCreator ? (
                <td className="hearth-cell-nowrap hearth-card-title">
                  {r.creatorColor ? <span className="hearth-swatch" style={{ background: r.creatorColor }} aria-hidden="true" /> : null}{' '}
                  {r.creatorName}
                </td>
              ) : null}
              <td data-label={t('requests.field.type')}>{typeLabel(t, r.type)}</td>
              <td className="hearth-cell-nowrap" data-label={t('requests.field.start')}>{formatDateTime(r.startTime, zone, language)}</td>
              <td className="hearth-cell-nowrap" data-label={t('requests.field.end')}>{formatDateTime(r.endTime, zone, language)}</td>
              <td className="hearth-cell-truncate" title={r.reason} data-label={t('requests.field.reason')}>
                {r.reason}
              </td>
              {decided ? (
                <td data-label={t('requests.field.status')}>
                  <RequestStatusTag status={r.status} />
                </td>
              ) : null}
              {decided ? <td data-label={t('requests.field.decision')}>{r.approverName ? [r.approverName, r.comment].filter(Boolean).join(': ') : ''}</td> : null}
              {actions ? <td className="hearth-cell-nowrap hearth-card-actions">{actions(r)}</td> : null}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
