import { useState } from 'react';
import { Button, Intent, TextArea } from '@blueprintjs/core';
import { TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '@/types/api.gen';
import { LateOther, TaskCommentMax } from '@/types/api.gen';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { LATE_REASON_KEYS } from '@/lib/care/taskLabels';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRevealErrors } from '@/lib/form/useReveal';
import { completeTask } from '../api/completeTask';
import { residentExpiredKey, tasksKey } from '../api/keys';
import { lateFields, validateCompletion, type CompletionDraft, type CompletionErrors } from '../taskRules';

interface CompleteTaskFormProps {
  /** A scheduled occurrence, or (taskId) an as-needed task logged now. */
  target: { recordId: string } | { taskId: string };
  /** Overdue or expired: why it is late is asked too (spec 000 §5). */
  late: boolean;
  autoFocus?: boolean;
  /** The answer: done, or someone had completed it first (alreadyCompleted). */
  onDone: (answer: TaskRecord) => void;
}

/** Complete with a comment; a late occurrence also says why, and "other" needs a remark ("Remark is required"). */
export function CompleteTaskForm({ target, late, autoFocus, onDone }: CompleteTaskFormProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const { formRef, reveal } = useRevealErrors();
  const [draft, setDraft] = useState<CompletionDraft>({ comment: '', lateReason: '', remark: '' });
  const [errors, setErrors] = useState<CompletionErrors>({});
  const save = useAppMutation({
    mutationFn: completeTask,
    invalidates: [tasksKey, residentExpiredKey, sidebarCountsKey],
    // Someone else's completion is no success of ours: the memo says who did it instead.
    success: (answer) => (answer?.alreadyCompleted ? undefined : 'recordId' in target ? 'tasks.done.completed' : 'tasks.done.logged'),
    onSuccess: onDone,
    onError: () => reveal(),
  });
  const server = save.isPending ? {} : fieldErrors(save.error, 'comment');
  const set = (k: keyof CompletionDraft) => (value: string) => setDraft((d) => ({ ...d, [k]: value }));
  const idBase = 'recordId' in target ? target.recordId : target.taskId;
  const id = (k: string) => `complete-${k}-${idBase}`;

  const submit = () => {
    const found = validateCompletion(draft, late);
    setErrors(found);
    save.reset();
    if (Object.keys(found).length > 0) {
      reveal();
      return;
    }
    save.mutate({ ...target, comment: draft.comment.trim(), ...lateFields(draft, late) });
  };

  const commentError = message(errors.comment) ?? server.comment;
  const reasonError = message(errors.lateReason) ?? server.lateReason;
  const remarkError = message(errors.remark) ?? server.remark;
  const remarkRequired = late && draft.lateReason === LateOther;
  return (
    <form
      ref={formRef}
      noValidate
      className="hearth-task-complete"
      data-testid="task-complete-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormProblem message={Object.keys(errors).length > 0 ? t('tasks.complete.fix') : undefined} />
      {late ? (
        <p className="hearth-task-late-note" data-testid="task-late-note">
          {t('tasks.complete.lateNote')}
        </p>
      ) : null}
      <FormField id={id('comment')} label={t('tasks.complete.comment')} required error={commentError}>
        <TextArea
          id={id('comment')}
          fill
          rows={3}
          required
          autoFocus={autoFocus}
          maxLength={TaskCommentMax}
          value={draft.comment}
          intent={commentError ? Intent.DANGER : Intent.NONE}
          aria-describedby={commentError ? `${id('comment')}-error` : undefined}
          onChange={(e) => set('comment')(e.currentTarget.value)}
          data-testid="task-comment"
        />
      </FormField>
      {late ? (
        <>
          <FormField id={id('reason')} label={t('tasks.complete.lateReason')} required error={reasonError}>
            <Select
              id={id('reason')}
              fill
              required
              value={draft.lateReason}
              onChange={(e) => set('lateReason')(e.currentTarget.value)}
              options={[
                { value: '', label: t('tasks.complete.chooseReason') },
                ...Object.entries(LATE_REASON_KEYS).map(([value, key]) => ({ value, label: t(key) })),
              ]}
              data-testid="task-late-reason"
            />
          </FormField>
          <FormField id={id('remark')} label={t('tasks.complete.remark')} required={remarkRequired} error={remarkError}>
            <TextArea
              id={id('remark')}
              fill
              rows={2}
              required={remarkRequired}
              maxLength={TaskCommentMax}
              value={draft.remark}
              intent={remarkError ? Intent.DANGER : Intent.NONE}
              aria-describedby={remarkError ? `${id('remark')}-error` : undefined}
              onChange={(e) => set('remark')(e.currentTarget.value)}
              data-testid="task-remark"
            />
          </FormField>
        </>
      ) : null}
      <Button type="submit" intent={Intent.PRIMARY} icon={<TickIcon />} loading={save.isPending} data-testid="task-complete-submit">
        {'recordId' in target ? t('tasks.complete.submit') : t('tasks.complete.log')}
      </Button>
    </form>
  );
}
