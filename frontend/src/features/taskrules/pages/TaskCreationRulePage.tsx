import { useState } from 'react';
import { Alert, Button, InputGroup, Intent } from '@blueprintjs/core';
import { PlusIcon, RefreshIcon, SearchIcon, TrashIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TaskCreationRule, TaskCreationRuleFilter } from '@/types/api.gen';
import { TaskTitleMax } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { useAppMutation } from '@/lib/api/mutation';
import { BUSINESS_TYPE_KEYS, careLabel, RULE_BUSINESS_TYPES } from '@/lib/care/taskLabels';
import { deleteTaskRule } from '../api/deleteTaskRule';
import { getTaskRule } from '../api/getTaskRule';
import { taskRulesKey } from '../api/keys';
import { useTaskRules } from '../api/listTaskRules';
import { RuleFormDialog } from '../components/RuleFormDialog';
import { RuleTable } from '../components/RuleTable';
import '../taskrules.css';

/** spec 001 §9 "Default page size": 20, options 20, 50, 100. */
const PAGE_SIZES = [20, 50, 100] as const;

interface FilterDraft {
  title: string;
  businessType: string;
}

const NO_FILTER: FilterDraft = { title: '', businessType: '' };

function sent(f: FilterDraft): TaskCreationRuleFilter {
  const out: TaskCreationRuleFilter = {};
  if (f.title.trim()) out.title = f.title.trim();
  if (f.businessType) out.businessType = f.businessType;
  return out;
}

type Dialog = { kind: 'create' } | { kind: 'edit'; rule: TaskCreationRule };

/**
 * /task-creation-rule (super admin): the platform's task creation rules. When a rule's business event happens
 * in a facility (a resident moves in, a caregiver is added, an incident or shift report), a task is made there.
 */
export default function TaskCreationRulePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<FilterDraft>(NO_FILTER);
  const [filter, setFilter] = useState<TaskCreationRuleFilter>({});
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const list = useTaskRules({ ...paging, data: filter });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleting, setDeleting] = useState<TaskCreationRule | null>(null);
  const remove = useAppMutation({
    mutationFn: (rule: TaskCreationRule) => deleteTaskRule(rule.ruleId),
    invalidates: [taskRulesKey],
    success: 'taskrules.done.deleted',
    onSettled: () => setDeleting(null),
  });
  // Edit opens with the rule as stored now (another super admin may have changed it).
  const open = useAppMutation({
    mutationFn: (rule: TaskCreationRule) => getTaskRule(rule.ruleId),
    onSuccess: (rule) => setDialog({ kind: 'edit', rule }),
  });

  const apply = (next: FilterDraft) => {
    setFilter(sent(next));
    setPaging((p) => ({ ...p, current: 1 }));
  };

  return (
    <div className="hearth-page">
      <PageHeader title={t('taskrules.title')} />
      <p className="hearth-muted">{t('taskrules.intro')}</p>
      <form
        className="hearth-filter-bar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
          void queryClient.invalidateQueries({ queryKey: taskRulesKey });
        }}
      >
        <InputGroup
          aria-label={t('taskrules.list.search')}
          placeholder={t('taskrules.list.search')}
          leftIcon={<SearchIcon />}
          maxLength={TaskTitleMax}
          value={draft.title}
          data-testid="rule-search"
          onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
        />
        <Select
          aria-label={t('taskrules.field.businessType')}
          value={draft.businessType}
          data-testid="rule-business-filter"
          onChange={(e) => {
            const next = { ...draft, businessType: e.currentTarget.value };
            setDraft(next);
            apply(next);
          }}
          options={[
            { value: '', label: t('taskrules.list.allBusinessTypes') },
            ...RULE_BUSINESS_TYPES.map((c) => ({ value: c, label: careLabel(t, BUSINESS_TYPE_KEYS, c) })),
          ]}
        />
        <Button
          icon={<RefreshIcon />}
          onClick={() => {
            setDraft(NO_FILTER);
            apply(NO_FILTER);
          }}
        >
          {t('taskrules.list.reset')}
        </Button>
        <Button type="submit" intent={Intent.PRIMARY} icon={<SearchIcon />}>
          {t('taskrules.list.query')}
        </Button>
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={() => setDialog({ kind: 'create' })} data-testid="rule-add">
          {t('taskrules.list.add')}
        </Button>
      </form>
      <QueryErrorBanner query={list} />
      <RuleTable
        records={list.data?.records ?? []}
        loading={list.isPending}
        onEdit={(rule) => open.mutate(rule)}
        onDelete={(rule) => setDeleting(rule)}
      />
      <Pager
        current={paging.current}
        size={paging.size}
        sizes={PAGE_SIZES}
        total={list.data?.total ?? 0}
        onChange={(current, size) => setPaging({ current, size })}
      />
      {dialog ? <RuleFormDialog rule={dialog.kind === 'edit' ? dialog.rule : undefined} onClose={() => setDialog(null)} /> : null}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        confirmButtonText={t('taskrules.list.delete')}
        cancelButtonText={t('common.action.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        <p data-testid="rule-delete-confirm">{t('taskrules.list.deleteConfirm', { title: deleting?.title ?? '' })}</p>
      </Alert>
    </div>
  );
}
