import { useTranslation } from 'react-i18next';
import { TaskFields } from '@/components/care/TaskFields';
import { useDraftForm } from '@/lib/form/useDraftForm';
import { validateTask, type TaskDraft } from '../taskDraft';
import { ItemDialog } from './ItemDialog';

interface TaskFormDialogProps {
  task: TaskDraft;
  isNew: boolean;
  today: string;
  onClose: () => void;
  onDone: (task: TaskDraft) => void;
}

/**
 * A care-plan task (000 §3 "Task"): the shared task fields (components/care/TaskFields). It joins the step's
 * list; the list is saved with Next.
 */
export function TaskFormDialog({ task, isNew, today, onClose, onDone }: TaskFormDialogProps) {
  const { t } = useTranslation();
  const { draft, set, errorOf, check, problem, formRef } = useDraftForm(task, { validate: (d) => validateTask(d, today), problem: t('residents.form.fixErrors') });
  return (
    <ItemDialog
      kind="task"
      title={isNew ? t('movein.task.addTitle') : t('movein.task.editTitle')}
      formRef={formRef}
      problem={problem}
      doneText={isNew ? t('movein.task.add') : t('movein.task.keep')}
      onClose={onClose}
      onSubmit={() => {
        if (check()) onDone(draft);
      }}
    >
      <TaskFields idPrefix="task" draft={draft} onChange={set} errorOf={errorOf} today={today} isNew={draft.taskId === ''} />
    </ItemDialog>
  );
}
