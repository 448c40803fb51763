import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { EditIcon, TrashIcon, AutomaticUpdatesIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { TaskCreationRule } from '@/types/api.gen';
import { scheduleText } from '@/lib/care/scheduleText';
import { BUSINESS_TYPE_KEYS, careLabel, TASK_TYPE_KEYS } from '@/lib/care/taskLabels';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { TableEmpty } from '@/lib/ui/TableEmpty';

interface RuleTableProps {
  records: TaskCreationRule[];
  loading: boolean;
  onEdit: (rule: TaskCreationRule) => void;
  onDelete: (rule: TaskCreationRule) => void;
}

/** The rules: title, business event, task type, schedule, duration, enabled, last change, and Edit / Delete (cards on a phone). */
export function RuleTable({ records, loading, onEdit, onDelete }: RuleTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
      <HTMLTable striped className="hearth-card-table" style={{ minWidth: 820, width: '100%' }}>
        <thead>
          <tr>
            <th>{t('taskrules.field.title')}</th>
            <th>{t('taskrules.field.businessType')}</th>
            <th>{t('taskrules.field.taskType')}</th>
            <th>{t('taskrules.list.schedule')}</th>
            <th>{t('taskrules.list.duration')}</th>
            <th>{t('taskrules.list.status')}</th>
            <th>{t('taskrules.list.updated')}</th>
            <th>{t('common.table.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.ruleId} data-testid="rule-row" data-rule-id={r.ruleId} data-title={r.title}>
              <td className="hearth-card-title">{r.title}</td>
              <td data-label={t('taskrules.field.businessType')}>{careLabel(t, BUSINESS_TYPE_KEYS, r.businessType)}</td>
              <td data-label={t('taskrules.field.taskType')}>{careLabel(t, TASK_TYPE_KEYS, r.taskType)}</td>
              <td data-label={t('taskrules.list.schedule')}>{scheduleText(t, r, language)}</td>
              <td data-label={t('taskrules.list.duration')}>{r.durationDays ? t('taskrules.list.days', { n: r.durationDays }) : t('taskrules.list.noEnd')}</td>
              <td data-label={t('taskrules.list.status')}>
                <Tag intent={r.enabled ? Intent.SUCCESS : Intent.NONE} minimal data-testid="rule-status">
                  {r.enabled ? t('taskrules.list.enabled') : t('taskrules.list.disabled')}
                </Tag>
              </td>
              <td className="hearth-cell-nowrap" data-label={t('taskrules.list.updated')}>
                {formatDateTime(r.updateTime || r.createTime, undefined, language)}
              </td>
              <td className="hearth-card-actions">
                <Button size="small" icon={<EditIcon />} onClick={() => onEdit(r)} data-testid="rule-edit" aria-label={t('taskrules.list.editNamed', { title: r.title })}>
                  {t('taskrules.list.edit')}
                </Button>{' '}
                <Button
                  size="small"
                  intent={Intent.DANGER}
                  icon={<TrashIcon />}
                  onClick={() => onDelete(r)}
                  data-testid="rule-delete"
                  aria-label={t('taskrules.list.deleteNamed', { title: r.title })}
                >
                  {t('taskrules.list.delete')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {records.length === 0 ? <TableEmpty loading={loading} icon={<AutomaticUpdatesIcon size={32} />} title={t('taskrules.list.empty')} /> : null}
    </div>
  );
}
