import { useState } from 'react';
import { Alert, Button, DialogBody, DialogFooter, Intent, Spinner, TextArea } from '@blueprintjs/core';
import { PlayIcon, StopIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { SaveTaskRequest, Task } from '@/types/api.gen';
import { RunNormal, RunStopped, TaskCommentMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { Select } from '@/components/Select';
import { TaskFields } from '@/components/care/TaskFields';
import { taskFieldsRequest } from '@/lib/care/taskForm';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useDraftForm } from '@/lib/form/useDraftForm';
import { createTask } from '../api/createTask';
import { deleteTask } from '../api/deleteTask';
import { useTaskInfo } from '../api/getTaskInfo';
import { carePlanKey, residentExpiredKey, tasksKey } from '../api/keys';
import { useCaregiverOptions } from '../api/listCaregiverOptions';
import { useResidentOptions } from '../api/listResidentOptions';
import { updateTask } from '../api/updateTask';
import { taskDraftOf, validateTaskDraft, type TaskDraft } from '../taskRules';

interface TaskFormDialogProps {
  /** The task to edit; absent for a new one. */
  taskId?: string;
  /** A new task's resident (the care plan tab); "" for a facility task. */
  residentId?: string;
  /** Today in the facility (a new task starts today or later). */
  today: string;
  onClose: () => void;
}

/** Owners and admins write a task (every SaveTaskRequest field); an existing one is loaded first. */
export function TaskFormDialog({ taskId, residentId, today, onClose }: TaskFormDialogProps) {
  const { t } = useTranslation();
  const info = useTaskInfo(taskId ?? '');
  const title = taskId ? t('tasks.form.editTitle') : t('tasks.form.newTitle');
  if (taskId && !info.data) {
    return (
      <AppDialog title={title} onClose={onClose} style={{ width: 720 }}>
        <DialogBody>{info.isError ? <p>{t('tasks.form.loadFailed')}</p> : <Spinner size={24} />}</DialogBody>
      </AppDialog>
    );
  }
  return <TaskForm key={info.data?.updateTime ?? 'new'} task={info.data} residentId={residentId} today={today} title={title} onClose={onClose} />;
}

const invalidated = [tasksKey, carePlanKey, residentExpiredKey, sidebarCountsKey];

interface Choice {
  value: string;
  label: string;
}

/** A select's choices: none, the list once loaded, and the current one when the list no longer has it (a moved-out resident). */
function choices(none: Choice, list: Choice[] | undefined, current: Choice): Choice[] {
  const kept = current.value && list && !list.some((c) => c.value === current.value) ? [current] : [];
  return [none, ...(list ?? []), ...kept];
}

/** The request an edited task sends: every field, the schedule only as its frequency uses it. */
function requestOf(d: TaskDraft, task: Task | undefined, runStatus?: string): SaveTaskRequest {
  return {
    ...(task ? { taskId: task.taskId } : {}),
    ...taskFieldsRequest(d),
    residentId: d.residentId || undefined,
    caregiverId: d.caregiverId || undefined,
    remarks: d.remarks.trim() || undefined,
    runStatus: runStatus ?? task?.runStatus ?? RunNormal,
  };
}

function TaskForm({ task, residentId, today, title, onClose }: { task?: Task; residentId?: string; today: string; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const residents = useResidentOptions();
  const caregivers = useCaregiverOptions();
  const { draft, set, check, errorOf: ruleError, problem: ruleProblem, formRef, reveal } = useDraftForm(() => taskDraftOf(task, { residentId, today }), {
    validate: (d) => validateTaskDraft(d, { today, isNew: !task }),
    problem: t('tasks.form.fix'),
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useAppMutation({
    mutationFn: (req: SaveTaskRequest) => (task ? updateTask(req) : createTask(req)),
    invalidates: invalidated,
    success: (_answer, req) => (!task ? 'tasks.done.created' : req.runStatus !== task.runStatus ? (req.runStatus === RunStopped ? 'tasks.done.stopped' : 'tasks.done.resumed') : 'tasks.done.saved'),
    onSuccess: onClose,
    onError: () => reveal(),
  });
  const remove = useAppMutation({ mutationFn: deleteTask, invalidates: invalidated, success: 'tasks.done.deleted', onSuccess: onClose });
  const server = save.isPending ? {} : fieldErrors(save.error);
  const errorOf = (field: string) => ruleError(field) ?? server[field];

  const submit = (runStatus?: string) => {
    save.reset();
    if (check()) save.mutate(requestOf(draft, task, runStatus));
  };

  const problem = ruleProblem ?? (save.error && Object.keys(server).length === 0 ? save.error.message : undefined);
  return (
    <AppDialog title={title} onClose={onClose} style={{ width: 720 }} className="hearth-task-form-dialog">
      <form
        ref={formRef}
        noValidate
        data-testid="task-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <FormProblem message={problem} />
          <TaskFields
            idPrefix="task"
            draft={draft}
            onChange={set}
            errorOf={errorOf}
            today={today}
            isNew={!task}
            autoFocus
            labels={{
              type: t('tasks.form.type'),
              startDate: t('tasks.form.startDate'),
              endDate: t('tasks.form.endDate'),
              endHint: t('tasks.form.endDateHint'),
              contentHint: t('tasks.form.contentHint'),
            }}
            beforeType={
              <>
                <FormField id="task-resident" label={t('tasks.form.resident')}>
                  <Select
                    id="task-resident"
                    fill
                    value={draft.residentId}
                    onChange={(e) => set({ residentId: e.currentTarget.value })}
                    options={choices(
                      { value: '', label: t('tasks.form.facilityTask') },
                      residents.data?.map((r) => ({ value: r.residentId, label: r.room ? `${r.name} (${r.room})` : r.name })),
                      { value: draft.residentId, label: task?.residentName || draft.residentId },
                    )}
                  />
                </FormField>
                <FormField id="task-caregiver" label={t('tasks.form.caregiver')}>
                  <Select
                    id="task-caregiver"
                    fill
                    value={draft.caregiverId}
                    onChange={(e) => set({ caregiverId: e.currentTarget.value })}
                    options={choices(
                      { value: '', label: t('tasks.form.anyCaregiver') },
                      // A task is assigned to the caregiver's user (Task.caregiverId is a user id).
                      caregivers.data?.map((c) => ({ value: c.userId, label: c.name })),
                      { value: draft.caregiverId, label: task?.caregiverName || draft.caregiverId },
                    )}
                  />
                </FormField>
              </>
            }
            after={
              <FormField id="task-remarks" label={t('tasks.form.remarks')} error={errorOf('remarks')} className="hearth-form-wide">
                <TextArea id="task-remarks" fill rows={2} maxLength={TaskCommentMax} value={draft.remarks} onChange={(e) => set({ remarks: e.currentTarget.value })} />
              </FormField>
            }
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {task ? (
                <>
                  <Button icon={<TrashIcon />} intent={Intent.DANGER} variant="outlined" onClick={() => setConfirmDelete(true)} data-testid="task-delete">
                    {t('tasks.form.delete')}
                  </Button>
                  <Button
                    icon={task.runStatus === RunStopped ? <PlayIcon /> : <StopIcon />}
                    loading={save.isPending && save.variables?.runStatus !== task.runStatus}
                    onClick={() => submit(task.runStatus === RunStopped ? RunNormal : RunStopped)}
                    data-testid="task-stop"
                  >
                    {task.runStatus === RunStopped ? t('tasks.form.resume') : t('tasks.form.stop')}
                  </Button>
                </>
              ) : null}
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending && save.variables?.runStatus === (task?.runStatus ?? RunNormal)} data-testid="task-save">
                {t('tasks.form.save')}
              </Button>
            </>
          }
        />
      </form>
      <Alert
        isOpen={confirmDelete}
        aria-labelledby="task-delete-confirm-text"
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        confirmButtonText={t('tasks.form.delete')}
        cancelButtonText={t('common.action.cancel')}
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => task && remove.mutate(task.taskId)}
      >
        <p id="task-delete-confirm-text" data-testid="task-delete-confirm">{t('tasks.form.deleteBody', { title: task?.title ?? '' })}</p>
      </Alert>
    </AppDialog>
  );
}
