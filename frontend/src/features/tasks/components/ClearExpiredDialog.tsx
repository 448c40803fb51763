import { useState } from 'react';
import { Button, DialogBody, DialogFooter, Intent, Radio, RadioGroup, Spinner, TextArea } from '@blueprintjs/core';
import { CleanIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { TaskCommentMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { useAppMutation } from '@/lib/api/mutation';
import { CLEAR_SCOPE_KEYS } from '@/lib/care/taskLabels';
import { FormField } from '@/lib/form/FormField';
import { clearExpiredData, type ClearScope } from '../api/clearExpiredData';
import { residentExpiredKey, tasksKey } from '../api/keys';
import { useResidentExpiredData } from '../api/listResidentExpiredData';

/**
 * Owners and admins clear a resident's expired items with a reason: they become CLEARED (audited, never
 * deleted), one group (care plan tasks, records, medication passes) or all of them.
 */
export function ClearExpiredDialog({ residentId, residentName, onClose }: { residentId: string; residentName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const data = useResidentExpiredData(residentId);
  const [scope, setScope] = useState<ClearScope>('ALL');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const clear = useAppMutation({
    mutationFn: ({ scope: s, reason: why }: { scope: ClearScope; reason: string }) => clearExpiredData(s, { residentId, reason: why }),
    invalidates: [tasksKey, residentExpiredKey, sidebarCountsKey],
    success: 'tasks.done.cleared',
    onSuccess: onClose,
  });
  const server = clear.isPending ? {} : fieldErrors(clear.error, 'reason');
  const counts = data.data;
  const countOf: Record<ClearScope, number> = {
    CARE_PLAN: counts?.carePlanCount ?? 0,
    RECORD: counts?.recordCount ?? 0,
    MEDICATION: counts?.medicationCount ?? 0,
    ALL: (counts?.carePlanCount ?? 0) + (counts?.recordCount ?? 0) + (counts?.medicationCount ?? 0),
  };
  const shown = error || server.reason;
  return (
    <AppDialog title={t('tasks.clear.title', { name: residentName })} onClose={onClose} style={{ width: 520 }}>
      <form
        noValidate
        data-testid="clear-expired-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          const why = reason.trim();
          if (why === '') {
            setError(t('tasks.validation.clearReason'));
            return;
          }
          setError('');
          clear.mutate({ scope, reason: why });
        }}
      >
        <DialogBody>
          <p>{t('tasks.clear.body')}</p>
          {counts ? (
            <RadioGroup
              name="clear-scope"
              label={t('tasks.clear.what')}
              selectedValue={scope}
              onChange={(e) => setScope(e.currentTarget.value as ClearScope)}
            >
              {(Object.keys(CLEAR_SCOPE_KEYS) as ClearScope[]).map((s) => (
                <Radio key={s} value={s} disabled={countOf[s] === 0} label={t('tasks.clear.scopeCount', { scope: t(CLEAR_SCOPE_KEYS[s]), n: countOf[s] })} data-testid={`clear-scope-${s}`} />
              ))}
            </RadioGroup>
          ) : (
            <Spinner size={20} />
          )}
          <FormField id="clear-reason" label={t('tasks.clear.reason')} required error={shown}>
            <TextArea
              id="clear-reason"
              fill
              rows={2}
              required
              maxLength={TaskCommentMax}
              value={reason}
              intent={shown ? Intent.DANGER : Intent.NONE}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-testid="clear-reason"
            />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button
                type="submit"
                intent={Intent.DANGER}
                icon={<CleanIcon />}
                loading={clear.isPending}
                disabled={countOf[scope] === 0}
                data-testid="clear-confirm"
              >
                {t('tasks.clear.confirm')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
