import { Button, Callout, Spinner } from '@blueprintjs/core';
import { UploadIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { InspectionOK, type CaregiverInspections } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { checklistOrder, credentialLook } from '../credentialRules';
import { noteLabel, ruleLabel } from '../staffLabels';
import { CredentialStateTag } from './StaffBits';

/**
 * The credential checklist from the rules engine: each rule with its due date and state, colour-coded and
 * written out (issue 5), worst first, with the rule's legal source.
 */
export function CredentialChecklist({
  data,
  loading,
  onUpload,
}: {
  data: CaregiverInspections | undefined;
  loading: boolean;
  /** Offered on items not OK (owner/admin): opens the upload with the item's record type. */
  onUpload?: (credentialType: string) => void;
}) {
  const { t } = useTranslation();
  if (!data) return loading ? <Spinner size={24} /> : null;
  const items = checklistOrder(data.items ?? []);
  return (
    <>
      <p className="hearth-muted" data-testid="checklist-summary">
        {t('staff.credential.summary', { overdue: data.overdueCount, expiring: data.expiringSoonCount, due: data.dueCount, today: data.today })}
      </p>
      {items.length === 0 ? <Callout>{t('staff.credential.none')}</Callout> : null}
      <ul className="hearth-checklist" data-testid="credential-checklist">
        {items.map((it) => {
          const look = credentialLook(it.state);
          const note = it.note ? noteLabel(t, it.note) : '';
          return (
            <li key={it.rule} className={`hearth-state-${look.intent}`} data-testid="checklist-item" data-rule={it.rule} data-state={it.state}>
              <CredentialStateTag state={it.state} />
              <div>
                <strong>{ruleLabel(t, it.rule)}</strong>
                <div className="hearth-checklist-source">
                  {[
                    note,
                    it.hoursRequired ? t('staff.credential.hours', { done: it.hoursDone ?? 0, required: it.hoursRequired }) : '',
                    it.completedDate ? t('staff.credential.completed', { date: it.completedDate }) : '',
                    it.source,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
              </div>
              <div className="hearth-cell-nowrap">
                {it.dueDate ? t('staff.credential.dueOn', { date: formatCalendarDate(it.dueDate, currentLanguage()) }) : '—'}
                {onUpload && it.state !== InspectionOK ? (
                  <div>
                    <Button size="small" variant="minimal" icon={<UploadIcon />} onClick={() => onUpload(it.credentialType)}>
                      {t('staff.credential.uploadFor')}
                    </Button>
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
