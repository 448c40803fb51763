import { useState } from 'react';
import { Button, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '@/types/api.gen';
import { TaskCommentMax } from '@/types/api.gen';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { tasksKey } from '../api/keys';
import { updateTaskRecord } from '../api/updateTaskRecord';
import { validateCompletion, type CompletionErrors } from '../taskRules';

/** Who completed a record corrects its comment (and remark) within TaskRecordUpdateHours. */
export function CorrectCommentForm({ record, onDone }: { record: TaskRecord; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [comment, setComment] = useState(record.comment);
  const [remark, setRemark] = useState(record.remark);
  const [errors, setErrors] = useState<CompletionErrors>({});
  const save = useAppMutation({ mutationFn: updateTaskRecord, invalidates: [tasksKey], success: 'tasks.done.corrected', onSuccess: onDone });
  const server = save.isPending ? {} : fieldErrors(save.error, 'comment');
  const commentError = message(errors.comment) ?? server.comment;
  const remarkError = message(errors.remark) ?? server.remark;
  const id = `correct-${record.recordId}`;
  return (
    <form
      noValidate
      className="hearth-task-complete"
      data-testid="task-correct-form"
      onSubmit={(e) => {
        e.preventDefault();
        // The late reason stays as it was; a remark that "other" needed stays required.
        const found = validateCompletion({ comment, lateReason: record.lateReason, remark }, record.lateReason !== '');
        setErrors(found);
        if (Object.keys(found).length === 0) save.mutate({ recordId: record.recordId, comment: comment.trim(), remark: remark.trim() || undefined });
      }}
    >
      <FormField id={`${id}-comment`} label={t('tasks.complete.comment')} required error={commentError}>
        <TextArea
          id={`${id}-comment`}
          fill
          rows={3}
          required
          autoFocus
          maxLength={TaskCommentMax}
          value={comment}
          intent={commentError ? Intent.DANGER : Intent.NONE}
          onChange={(e) => setComment(e.currentTarget.value)}
          data-testid="task-correct-comment"
        />
      </FormField>
      {record.lateReason ? (
        <FormField id={`${id}-remark`} label={t('tasks.complete.remark')} required={record.lateReason === 'OTHER'} error={remarkError}>
          <TextArea
            id={`${id}-remark`}
            fill
            rows={2}
            maxLength={TaskCommentMax}
            value={remark}
            intent={remarkError ? Intent.DANGER : Intent.NONE}
            onChange={(e) => setRemark(e.currentTarget.value)}
          />
        </FormField>
      ) : null}
      <div className="hearth-task-form-actions">
        <Button onClick={onDone}>{t('common.action.cancel')}</Button>
        <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="task-correct-submit">
          {t('tasks.memo.saveCorrection')}
        </Button>
      </div>
    </form>
  );
}
