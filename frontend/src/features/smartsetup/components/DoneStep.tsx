import { Button, Callout, Intent } from '@blueprintjs/core';
import { PeopleIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SmartSetupBatch } from '@/types/api.gen';
import { SectionTitle } from '@/components/SectionTitle';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { finishBatch } from '../api/finish';
import { batchKeyOf } from '../api/keys';
import { smartUrl } from '../smartSteps';

interface DoneStepProps {
  batchId: string;
  batch: SmartSetupBatch | undefined;
}

/** Step 4: the batch is closed once every resident is confirmed; otherwise it says how many are left. */
export function DoneStep({ batchId, batch }: DoneStepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const finish = useAppMutation({
    mutationFn: () => finishBatch(batchId),
    success: 'smartsetup.done.finishedToast',
    onSuccess: (answer) => queryClient.setQueryData(batchKeyOf(batchId), answer),
  });
  const notAll = isApiError(finish.error) && finish.error.code === '4009' ? finish.error.message : null;
  const left = batch?.unconfirmed ?? 0;
  return (
    <section className="hearth-smart-step" aria-labelledby="smart-done-title" data-testid="smart-done">
      <SectionTitle id="smart-done-title">{t('smartsetup.step.done')}</SectionTitle>
      {batch?.finished ? (
        <Callout intent={Intent.SUCCESS} icon={<TickCircleIcon />} data-testid="smart-finished">
          <p>{t('smartsetup.done.finished')}</p>
        </Callout>
      ) : (
        <>
          <p className="hearth-muted">{left > 0 ? t('smartsetup.done.left', { count: left }) : t('smartsetup.done.allConfirmed')}</p>
          {notAll ? (
            <Callout intent={Intent.WARNING} role="alert" className="hearth-gap-bottom" data-testid="smart-not-all">
              <p>{notAll}</p>
              <Link to={smartUrl('review', batchId)}>{t('smartsetup.done.toReview')}</Link>
            </Callout>
          ) : null}
          <Button intent={Intent.PRIMARY} icon={<TickCircleIcon />} loading={finish.isPending} onClick={() => finish.mutate()} data-testid="smart-finish">
            {t('smartsetup.done.finish')}
          </Button>
        </>
      )}
      <p className="hearth-smart-actions">
        <Link to="/resident-management" data-testid="smart-resident-list">
          <PeopleIcon /> {t('smartsetup.done.toList')}
        </Link>
      </p>
    </section>
  );
}
