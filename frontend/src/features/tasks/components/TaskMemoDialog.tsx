import { useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { EditIcon, HistoryIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DetailList } from '@/components/DetailList';
import { AREA_KEYS, LATE_REASON_KEYS, TASK_TYPE_KEYS, careLabel } from '@/lib/care/taskLabels';
import { timingText } from '@/lib/care/scheduleText';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate, formatDateTime, formatTime } from '@/lib/time/dateTime';
import { useTaskRecord } from '../api/getTaskRecord';
import { canCompleteNow, canCorrect, isLate, recordState } from '../taskRules';
import type { TaskViewer } from '../viewer';
import { CompleteTaskForm } from './CompleteTaskForm';
import { CorrectCommentForm } from './CorrectCommentForm';
import { RecordStateTag } from './RecordStateTag';

interface TaskMemoDialogProps {
  record: TaskRecord;
  /** "complete" puts the cursor in the comment at once. */
  mode: 'memo' | 'complete';
  /** Completing is offered (a future day's occurrence only shows its memo). */
  completable: boolean;
  viewer: TaskViewer;
  now: number;
  onClose: () => void;
  /** Owners and admins: edit (stop, delete) the task behind the occurrence. */
  onEditTask?: (taskId: string) => void;
}

/**
 * The memo of one occurrence (spec 000 §2 "memo dialog"): the task's instructions, the occurrence's
 * window and history (who completed it, when, the comment, why late, the remark, a clearing), and the
 * ways to act on it: complete, correct one's own comment within a day, edit the task.
 */
export function TaskMemoDialog({ record, mode, completable, viewer, now, onClose, onEditTask }: TaskMemoDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const query = useTaskRecord(record.recordId, record);
  const [already, setAlready] = useState<TaskRecord | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const r = already ?? query.data ?? record;
  const state = recordState(r, now);
  const z = viewer.zoneCode;

  const when = timingText(t, r, language) || t('tasks.schedule.anyTime');
  const details = [
    { label: t('tasks.card.resident'), value: r.residentId ? (r.residentRoom ? t('tasks.card.residentRoom', { name: r.residentName, room: r.residentRoom }) : r.residentName) : t('tasks.card.facility') },
    { label: t('tasks.memo.day'), value: formatCalendarDate(r.day, language) },
    { label: t('tasks.card.when'), value: when },
    ...(r.dueStart > 0 && r.dueEnd > 0
      ? [{ label: t('tasks.memo.window'), value: t('tasks.card.window', { start: formatDateTime(r.dueStart, z, language), end: formatTime(r.dueEnd, z, language) }) }]
      : []),
    { label: t('tasks.memo.type'), value: careLabel(t, TASK_TYPE_KEYS, r.type) },
    ...(r.area ? [{ label: t('tasks.memo.area'), value: careLabel(t, AREA_KEYS, r.area) }] : []),
    { label: t('tasks.card.assigned'), value: r.caregiverName || t('tasks.memo.anyone') },
  ];

  const history = [
    ...(r.completedAt > 0
      ? [
          { label: t('tasks.memo.completedBy'), value: r.completedByName, testId: 'memo-completed-by' },
          { label: t('tasks.memo.completedAt'), value: formatDateTime(r.completedAt, z, language), testId: 'memo-completed-at' },
          { label: t('tasks.complete.comment'), value: r.comment, testId: 'memo-comment' },
        ]
      : []),
    ...(r.late && r.completedAt > 0 ? [{ label: t('tasks.memo.late'), value: t('tasks.memo.lateYes'), testId: 'memo-late' }] : []),
    ...(r.lateReason ? [{ label: t('tasks.complete.lateReason'), value: careLabel(t, LATE_REASON_KEYS, r.lateReason), testId: 'memo-late-reason' }] : []),
    ...(r.remark ? [{ label: t('tasks.complete.remark'), value: r.remark, testId: 'memo-remark' }] : []),
    ...(r.clearedAt > 0
      ? [
          { label: t('tasks.memo.clearedBy'), value: r.clearedByName, testId: 'memo-cleared-by' },
          { label: t('tasks.memo.clearedAt'), value: formatDateTime(r.clearedAt, z, language) },
          { label: t('tasks.memo.clearReason'), value: r.clearReason },
        ]
      : []),
  ];

  return (
    <AppDialog title={r.title} onClose={onClose} className="hearth-task-memo" style={{ width: 560 }}>
      <DialogBody>
        <div className="hearth-task-memo-state" data-testid="memo-state" data-state={state}>
          <RecordStateTag state={state} />
        </div>
        {already ? (
          <Callout intent={Intent.WARNING} compact className="hearth-gap-bottom" role="alert" data-testid="memo-already-completed">
            {t('tasks.memo.alreadyCompleted', { name: already.completedByName, time: formatDateTime(already.completedAt, z, language) })}
          </Callout>
        ) : null}
        <section aria-labelledby="memo-instructions">
          <h3 id="memo-instructions" className="hearth-task-memo-heading">
            {t('tasks.memo.instructions')}
          </h3>
          <p className="hearth-task-memo-content" data-testid="memo-content">
            {r.content || <span className="hearth-muted">{t('tasks.memo.noInstructions')}</span>}
          </p>
        </section>
        <DetailList rows={details} />
        <section aria-labelledby="memo-history" data-testid="memo-history">
          <h3 id="memo-history" className="hearth-task-memo-heading">
            <HistoryIcon /> {t('tasks.memo.history')}
          </h3>
          {history.length > 0 ? <DetailList rows={history} /> : <p className="hearth-muted">{t('tasks.memo.notDone')}</p>}
        </section>
        {completable && canCompleteNow(r, now) && !already ? (
          <section aria-labelledby="memo-complete">
            <h3 id="memo-complete" className="hearth-task-memo-heading">
              {t('tasks.memo.completeHeading')}
            </h3>
            <CompleteTaskForm
              target={{ recordId: r.recordId }}
              late={isLate(state)}
              autoFocus={mode === 'complete'}
              onDone={(answer) => (answer.alreadyCompleted ? setAlready(answer) : onClose())}
            />
          </section>
        ) : null}
        {correcting ? <CorrectCommentForm record={r} onDone={() => setCorrecting(false)} /> : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {onEditTask && r.taskId ? (
              <Button icon={<EditIcon />} onClick={() => onEditTask(r.taskId)} data-testid="memo-edit-task">
                {t('tasks.memo.editTask')}
              </Button>
            ) : null}
            {!correcting && canCorrect(r, viewer.userId, now) ? (
              <Button icon={<EditIcon />} onClick={() => setCorrecting(true)} data-testid="memo-correct">
                {t('tasks.memo.correct')}
              </Button>
            ) : null}
            <Button onClick={onClose} data-testid="memo-close">
              {t('common.action.close')}
            </Button>
          </>
        }
      />
    </AppDialog>
  );
}
