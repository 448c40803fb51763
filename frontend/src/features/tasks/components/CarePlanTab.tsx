import { useState } from 'react';
import { Button, Callout, Intent, Spinner, Tag } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { AddIcon, ClipboardIcon, EditIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { RunStopped } from '@/types/api.gen';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { AREA_KEYS, RUN_STATUS_KEYS, TASK_TYPE_KEYS, careLabel } from '@/lib/care/taskLabels';
import { periodText, scheduleText } from '@/lib/care/scheduleText';
import { currentLanguage } from '@/lib/i18n';
import { formatDate } from '@/lib/time/dateTime';
import { zonedDate } from '@/lib/time/zone';
import { ianaZone } from '@/lib/time/dateTime';
import { useCarePlan } from '../api/residentTaskList';
import { carePlanWarnings } from '../carePlanRules';
import { TaskFormDialog } from './TaskFormDialog';
import '../tasks.css';
import { serverNow } from '@/lib/time/serverClock';

interface CarePlanTabProps {
  residentId: string;
  /** Owners and admins add and edit the resident's tasks. */
  editable: boolean;
  zoneCode: string | undefined;
}

/**
 * The resident profile's "Current care plan": the tasks by care area with how often and when in words,
 * the care plan clocks (the 30-day initial plan and the 12-month review, WAC 388-76-10355) as warnings.
 */
export function CarePlanTab({ residentId, editable, zoneCode }: CarePlanTabProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const plan = useCarePlan(residentId);
  const [now] = useState(() => serverNow());
  const [editing, setEditing] = useState<{ taskId?: string } | null>(null);
  const today = zonedDate(now, ianaZone(zoneCode));
  if (plan.isPending) return <Spinner size={24} />;
  const data = plan.data;
  const warnings = data ? carePlanWarnings(data, now) : [];
  const areas = data?.areas ?? [];
  return (
    <div data-testid="care-plan">
      <QueryErrorBanner query={plan} />
      {warnings.map((w) => (
        <Callout key={w.key} intent={w.overdue ? Intent.DANGER : Intent.WARNING} compact className="hearth-gap-bottom" data-testid={`care-plan-warning-${w.kind}`}>
          {t(w.key, { date: formatDate(w.at, zoneCode, language) })}
        </Callout>
      ))}
      {data && data.carePlanUpdateTime > 0 ? (
        <p className="hearth-muted" data-testid="care-plan-updated">
          {t('tasks.carePlan.updated', { date: formatDate(data.carePlanUpdateTime, zoneCode, language) })}
          {data.nextReviewTime > 0 && !data.reviewOverdue ? ` · ${t('tasks.carePlan.nextReview', { date: formatDate(data.nextReviewTime, zoneCode, language) })}` : ''}
        </p>
      ) : null}
      {editable ? (
        <Button icon={<AddIcon />} intent={Intent.PRIMARY} className="hearth-gap-bottom" onClick={() => setEditing({})} data-testid="care-plan-add">
          {t('tasks.carePlan.add')}
        </Button>
      ) : null}
      {areas.length === 0 && data ? <EmptyState icon={<ClipboardIcon />} title={t('tasks.carePlan.empty')} className="hearth-gap-top" /> : null}
      {areas.map((area) => (
        <section key={area.area} className="hearth-care-plan-area" aria-labelledby={`area-${area.area}`} data-testid="care-plan-area" data-area={area.area}>
          <h2 id={`area-${area.area}`} className="hearth-task-category-title">
            {careLabel(t, AREA_KEYS, area.area)}
          </h2>
          <ul className="hearth-care-plan-list">
            {area.tasks.map((task) => (
              <li key={task.taskId} data-testid="care-plan-task" data-title={task.title}>
                <div className="hearth-care-plan-task">
                  <strong>{task.title}</strong>{' '}
                  {task.runStatus === RunStopped ? (
                    <Tag intent={Intent.WARNING} minimal>
                      {careLabel(t, RUN_STATUS_KEYS, task.runStatus)}
                    </Tag>
                  ) : null}
                  <div>{scheduleText(t, task, language)}</div>
                  <div className="hearth-muted">
                    {[careLabel(t, TASK_TYPE_KEYS, task.type), periodText(t, task, language), task.caregiverName].filter(Boolean).join(' · ')}
                  </div>
                </div>
                {editable ? (
                  <Button icon={<EditIcon />} onClick={() => setEditing({ taskId: task.taskId })} aria-label={t('tasks.plan.editNamed', { title: task.title })} data-testid="care-plan-edit">
                    {t('tasks.plan.edit')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {editing ? <TaskFormDialog taskId={editing.taskId} residentId={residentId} today={today} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
