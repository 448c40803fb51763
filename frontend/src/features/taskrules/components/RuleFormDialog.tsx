import { Button, DialogBody, DialogFooter, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TaskCreationRule } from '@/types/api.gen';
import { TaskRuleDurationMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { Select } from '@/components/Select';
import { ScheduleFields } from '@/components/care/ScheduleFields';
import { TaskTitleField, TaskTypeField } from '@/components/care/TaskFields';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { BUSINESS_TYPE_KEYS, careLabel, RULE_BUSINESS_TYPES } from '@/lib/care/taskLabels';
import { FormField } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useDraftForm } from '@/lib/form/useDraftForm';
import { taskRulesKey } from '../api/keys';
import { saveTaskRule } from '../api/saveTaskRule';
import { emptyRuleDraft, ruleDraftOf, ruleRequest, validateRule } from '../ruleDraft';

interface RuleFormDialogProps {
  /** The rule to edit (as getTaskRule answered); undefined creates one. */
  rule?: TaskCreationRule;
  onClose: () => void;
}

/**
 * Create or edit a task creation rule (000 §3 "Task creation rule"): title, the business event that fires
 * it, the task type, the schedule (frequency and its fields, session), how many days the task lasts, and
 * whether it is enabled.
 */
export function RuleFormDialog({ rule, onClose }: RuleFormDialogProps) {
  const { t } = useTranslation();
  const { draft, set, check, errorOf: ruleError, problem: ruleProblem, formRef, reveal } = useDraftForm(() => (rule ? ruleDraftOf(rule) : emptyRuleDraft()), {
    validate: validateRule,
    problem: t('taskrules.form.fixErrors'),
  });
  const save = useAppMutation({
    mutationFn: saveTaskRule,
    invalidates: [taskRulesKey],
    success: rule ? 'taskrules.done.saved' : 'taskrules.done.created',
    onSuccess: onClose,
    onError: (err) => {
      if (Object.keys(fieldErrors(err)).length > 0) reveal();
    },
  });
  const server = save.isPending ? {} : fieldErrors(save.error, 'title');
  const errorOf = (field: string) => ruleError(field) ?? server[field];

  const submit = () => {
    save.reset();
    if (check()) save.mutate(ruleRequest(draft));
  };

  // The server's refusal of a field is told like the form's own.
  const problem = ruleProblem ?? (Object.keys(server).length > 0 ? t('taskrules.form.fixErrors') : undefined);
  const durationError = errorOf('durationDays');
  return (
    <AppDialog title={rule ? t('taskrules.form.editTitle') : t('taskrules.form.addTitle')} onClose={onClose} canOutsideClickClose={false} className="hearth-rule-dialog">
      <form
        ref={formRef}
        noValidate
        data-testid="rule-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <FormProblem message={problem} testId="rule-form-problem" />
          <div className="hearth-form-grid">
            <TaskTitleField id="rule-title" value={draft.title} onChange={(title) => set({ title })} error={errorOf('title')} />
            <FormField id="rule-businessType" label={t('taskrules.field.businessType')} required error={errorOf('businessType')} hint={t('taskrules.form.businessHint')}>
              <Select
                id="rule-businessType"
                fill
                required
                value={draft.businessType}
                onChange={(e) => set({ businessType: e.currentTarget.value })}
                options={RULE_BUSINESS_TYPES.map((c) => ({ value: c, label: careLabel(t, BUSINESS_TYPE_KEYS, c) }))}
              />
            </FormField>
            <TaskTypeField id="rule-taskType" value={draft.taskType} onChange={(taskType) => set({ taskType })} error={errorOf('taskType')} />
          </div>
          <ScheduleFields
            idPrefix="rule"
            withTime={false}
            draft={draft.schedule}
            onChange={(patch) => set({ schedule: { ...draft.schedule, ...patch } })}
            errorOf={errorOf}
          />
          <div className="hearth-form-grid">
            <FormField id="rule-duration" label={t('taskrules.field.durationDays')} error={durationError} hint={t('taskrules.form.durationHint')}>
              <InputGroup
                id="rule-duration"
                inputMode="numeric"
                value={draft.durationDays}
                maxLength={String(TaskRuleDurationMax).length}
                intent={durationError ? Intent.DANGER : Intent.NONE}
                aria-invalid={durationError ? true : undefined}
                onChange={(e) => set({ durationDays: e.currentTarget.value })}
              />
            </FormField>
            <div className="hearth-rule-enabled">
              <Switch
                checked={draft.enabled}
                label={t('taskrules.field.enabled')}
                data-testid="rule-enabled"
                onChange={(e) => set({ enabled: e.currentTarget.checked })}
              />
            </div>
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="rule-save">
                {t('taskrules.form.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
