import { useState } from 'react';
import { Button, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { EditIcon, ListIcon, SearchIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { TaskFilter } from '@/types/api.gen';
import { RunStopped, TaskTitleMax } from '@/types/api.gen';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { AREA_KEYS, RUN_STATUS_KEYS, TASK_TYPE_KEYS, careLabel } from '@/lib/care/taskLabels';
import { scheduleText } from '@/lib/care/scheduleText';
import { currentLanguage } from '@/lib/i18n';
import { TableEmpty } from '@/lib/ui/TableEmpty';
import { useTaskList } from '../api/listTasksByPage';

const SIZES = [20, 50, 100] as const;

/** Owners and admins: every task of the facility (the plans), to edit, stop or delete; the resident filter applies. */
export function TaskPlanPanel({ residentId, onEdit }: { residentId: string; onEdit: (taskId: string) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [runStatus, setRunStatus] = useState('');
  const [typed, setTyped] = useState('');
  const [title, setTitle] = useState('');
  const filter: TaskFilter = { residentId: residentId || undefined, runStatus: runStatus || undefined, title: title || undefined };
  const list = useTaskList({ ...page, data: filter });
  const records = list.data?.records ?? [];
  return (
    <>
      <form
        className="hearth-filter-bar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setTitle(typed.trim());
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <InputGroup
          aria-label={t('tasks.plan.search')}
          placeholder={t('tasks.plan.search')}
          leftIcon={<SearchIcon />}
          maxLength={TaskTitleMax}
          value={typed}
          onValueChange={setTyped}
          data-testid="plan-search"
        />
        <Select
          aria-label={t('tasks.plan.statusFilter')}
          value={runStatus}
          onChange={(e) => {
            setRunStatus(e.currentTarget.value);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={[{ value: '', label: t('tasks.plan.allStatuses') }, ...Object.entries(RUN_STATUS_KEYS).map(([value, key]) => ({ value, label: t(key) }))]}
          data-testid="plan-status-filter"
        />
        <Button type="submit" icon={<SearchIcon />}>
          {t('tasks.plan.query')}
        </Button>
      </form>
      <QueryErrorBanner query={list} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('tasks.plan.region')}>
        <HTMLTable striped className="hearth-card-table" style={{ minWidth: 720, width: '100%' }}>
          <thead>
            <tr>
              <th>{t('tasks.form.title')}</th>
              <th>{t('tasks.card.resident')}</th>
              <th>{t('tasks.plan.schedule')}</th>
              <th>{t('tasks.memo.type')}</th>
              <th>{t('tasks.card.assigned')}</th>
              <th>{t('tasks.plan.status')}</th>
              <th>
                <span className="hearth-sr-only">{t('tasks.plan.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {records.map((task) => (
              <tr key={task.taskId} data-testid="plan-row" data-task-id={task.taskId} data-title={task.title}>
                <td className="hearth-card-title">
                  {task.title}
                  {task.area ? <div className="hearth-muted">{careLabel(t, AREA_KEYS, task.area)}</div> : null}
                </td>
                <td data-label={t('tasks.card.resident')}>{task.residentName || t('tasks.card.facility')}</td>
                <td data-label={t('tasks.plan.schedule')}>{scheduleText(t, task, language)}</td>
                <td data-label={t('tasks.memo.type')}>{careLabel(t, TASK_TYPE_KEYS, task.type)}</td>
                <td data-label={t('tasks.card.assigned')}>{task.caregiverName || t('tasks.memo.anyone')}</td>
                <td data-label={t('tasks.plan.status')}>
                  <Tag minimal={task.runStatus !== RunStopped} intent={task.runStatus === RunStopped ? 'warning' : 'none'}>
                    {careLabel(t, RUN_STATUS_KEYS, task.runStatus)}
                  </Tag>
                </td>
                <td className="hearth-card-actions">
                  <Button icon={<EditIcon />} onClick={() => onEdit(task.taskId)} aria-label={t('tasks.plan.editNamed', { title: task.title })} data-testid="plan-edit">
                    {t('tasks.plan.edit')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {records.length === 0 ? <TableEmpty loading={list.isPending} icon={<ListIcon />} title={t('tasks.plan.empty')} /> : null}
      </div>
      <Pager current={page.current} size={page.size} total={list.data?.total ?? 0} sizes={SIZES} onChange={(current, size) => setPage({ current, size })} />
    </>
  );
}
