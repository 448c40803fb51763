import { Tag } from '@blueprintjs/core';
import { ClipboardIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { CheckInTasksMax, InitialCarePlanDays } from '@/types/api.gen';
import { AREA_KEYS, careLabel, TASK_TYPE_KEYS } from '@/lib/care/taskLabels';
import { scheduleText } from '@/lib/care/scheduleText';
import { scheduleRequest } from '@/lib/care/taskSchedule';
import { currentLanguage } from '@/lib/i18n';
import { createTaskForCheckIn } from '../api/createTaskForCheckIn';
import { emptyTaskDraft, taskRequest, validateTask, type TaskDraft } from '../taskDraft';
import { ItemListStep, type ListStepProps } from './ItemListStep';
import { PeriodLine } from './PeriodLine';
import { TaskFormDialog } from './TaskFormDialog';

/** Step 3, care plan: the tasks to add (add, edit, remove), saved together with Next. */
export function CarePlanStep(props: ListStepProps<TaskDraft> & { today: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { items: tasks, today } = props;
  return (
    <ItemListStep
      {...props}
      kind="task"
      title={t('movein.step.carePlan')}
      hint={t('movein.carePlan.hint', { days: InitialCarePlanDays })}
      testId="movein-care-plan"
      save={(list, files) => createTaskForCheckIn({ residentId: props.residentId, tasks: list.map(taskRequest) }, files)}
      success="movein.done.carePlanSaved"
      list="tasks"
      max={CheckInTasksMax}
      words={{
        count: t('movein.carePlan.count', { n: tasks.length }),
        add: t('movein.carePlan.add'),
        empty: t('movein.carePlan.empty'),
        tooMany: t('movein.carePlan.tooMany', { max: CheckInTasksMax }),
        fix: t('movein.carePlan.fixTasks'),
        documentsHint: t('movein.documents.carePlanHint'),
      }}
      emptyIcon={<ClipboardIcon size={32} />}
      newItem={() => emptyTaskDraft(today)}
      nameOf={(task) => task.title}
      itemName={(index) => t('movein.carePlan.itemName', { n: index + 1, title: tasks[index]?.title ?? '' })}
      needsFix={(task, i) =>
        Object.keys(validateTask(task, today)).length > 0 ? t('movein.carePlan.taskNeedsFix', { n: i + 1, title: task.title || '—' }) : undefined
      }
      heading={(task, i) => `${t('movein.carePlan.taskNumber', { n: i + 1 })} ${task.title}`}
      details={(task, _i, problemTag) => (
        <>
          <div className="hearth-movein-item-tags">
            <Tag minimal>{careLabel(t, AREA_KEYS, task.area)}</Tag>
            <Tag minimal>{careLabel(t, TASK_TYPE_KEYS, task.type)}</Tag>
            {problemTag}
          </div>
          <p className="hearth-movein-item-line">{scheduleText(t, scheduleRequest(task.schedule), language)}</p>
          <PeriodLine startDate={task.startDate} endDate={task.endDate} />
        </>
      )}
      dialog={(task, isNew, close, done) => <TaskFormDialog task={task} isNew={isNew} today={today} onClose={close} onDone={done} />}
    />
  );
}
