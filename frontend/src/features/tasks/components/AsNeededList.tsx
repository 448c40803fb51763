import { Button, DialogBody, Intent } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { ClipboardIcon, TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { Task } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { TASK_TYPE_KEYS, careLabel } from '@/lib/care/taskLabels';
import { CompleteTaskForm } from './CompleteTaskForm';

/** Anytime / as-needed tasks: nothing is due; each is logged when done (completeTask with its taskId). */
export function AsNeededList({ tasks, onLog }: { tasks: Task[]; onLog: (task: Task) => void }) {
  const { t } = useTranslation();
  if (tasks.length === 0) return <EmptyState icon={<ClipboardIcon />} title={t('tasks.asNeeded.empty')} className="hearth-gap-top" />;
  return (
    <div className="hearth-task-cards">
      {tasks.map((task) => (
        <article key={task.taskId} className="hearth-task-card" aria-labelledby={`as-needed-${task.taskId}`} data-testid="as-needed-task" data-title={task.title}>
          <div className="hearth-task-card-head">
            <h2 id={`as-needed-${task.taskId}`} className="hearth-task-card-title">
              {task.title}
            </h2>
          </div>
          <dl className="hearth-task-card-meta">
            <div>
              <dt>{t('tasks.card.resident')}</dt>
              <dd>{task.residentName || t('tasks.card.facility')}</dd>
            </div>
            <div>
              <dt>{t('tasks.memo.type')}</dt>
              <dd>{careLabel(t, TASK_TYPE_KEYS, task.type)}</dd>
            </div>
            {task.content ? (
              <div>
                <dt>{t('tasks.memo.instructions')}</dt>
                <dd>{task.content}</dd>
              </div>
            ) : null}
          </dl>
          <div className="hearth-task-card-actions">
            <Button icon={<TickIcon />} intent={Intent.PRIMARY} onClick={() => onLog(task)} aria-describedby={`as-needed-${task.taskId}`} data-testid="as-needed-log">
              {t('tasks.asNeeded.log')}
            </Button>
          </div>
        </article>
      ))}
    </div>
  );
}

/** Logging an as-needed task now, with the required comment. */
export function LogAsNeededDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog title={t('tasks.asNeeded.logTitle', { title: task.title })} onClose={onClose} style={{ width: 520 }}>
      <DialogBody>
        {task.content ? <p className="hearth-task-memo-content">{task.content}</p> : null}
        <CompleteTaskForm target={{ taskId: task.taskId }} late={false} autoFocus onDone={onClose} />
      </DialogBody>
    </AppDialog>
  );
}
