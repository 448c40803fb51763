import { useEffect, useState } from 'react';
import { Alert, Button, Callout, Card, Intent, ProgressBar, Spinner } from '@blueprintjs/core';
import { ArrowRightIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SmartSetupBatch, SmartSetupJob } from '@/types/api.gen';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { useAppMutation } from '@/lib/api/mutation';
import { useAITaskProgress } from '../api/getAITaskProgress';
import { jobAction, type JobAction } from '../api/jobActions';
import { batchKeyOf, progressKeyOf } from '../api/keys';
import { jobsByGroup, STEP_KEYS } from '../jobStates';
import { smartUrl } from '../smartSteps';
import { JobRow } from './JobRow';

/** Actions that throw away work: asked first (stop and continue keep what a job did). */
const CONFIRMED: readonly JobAction[] = ['retry', 'delete', 'clear'];

const DONE_KEYS = {
  stop: 'smartsetup.job.done.stop',
  continue: 'smartsetup.job.done.continue',
  retry: 'smartsetup.job.done.retry',
  delete: 'smartsetup.job.done.delete',
  clear: 'smartsetup.job.done.clear',
} as const;

const ASK_KEYS = {
  retry: 'smartsetup.job.ask.retry',
  delete: 'smartsetup.job.ask.delete',
  clear: 'smartsetup.job.ask.clear',
} as const;

interface ProgressStepProps {
  batchId: string;
  batch: SmartSetupBatch | undefined;
}

/**
 * Step 2: one row per resident, a progress bar per job and step, live (read every 2 s while a job is pending or
 * progressing), with stop, continue, retry (stopped jobs only), delete and "clear stuck job".
 */
export function ProgressStep({ batchId, batch }: ProgressStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const progress = useAITaskProgress(batchId);
  const [asking, setAsking] = useState<{ action: JobAction; job: SmartSetupJob } | null>(null);
  const act = useAppMutation({
    mutationFn: (v: { action: JobAction; job: SmartSetupJob }) => jobAction(v.action, v.job.jobId),
    success: (_d, v) => DONE_KEYS[v.action],
    invalidates: [batchKeyOf(batchId)],
    onSuccess: (answer) => queryClient.setQueryData(progressKeyOf(batchId), answer),
    onSettled: () => setAsking(null),
  });
  const onAction = (action: JobAction, job: SmartSetupJob) => {
    if (CONFIRMED.includes(action)) setAsking({ action, job });
    else act.mutate({ action, job });
  };
  const data = progress.data;
  // Each new reading of the progress reads the groups again: papers naming one resident are put together as their text is read.
  const readAt = progress.dataUpdatedAt;
  useEffect(() => {
    if (readAt > 0) void queryClient.invalidateQueries({ queryKey: batchKeyOf(batchId) });
  }, [readAt, batchId, queryClient]);
  const byGroup = jobsByGroup(data?.jobs ?? []);
  // The groups as the batch names them, in its order; a group the batch does not know yet comes last.
  const known = batch?.groups ?? [];
  const groupIds = [...known.map((g) => g.groupId).filter((id) => byGroup.has(id)), ...[...byGroup.keys()].filter((id) => !known.some((g) => g.groupId === id))];
  const nameOf = (id: string) => known.find((g) => g.groupId === id)?.name ?? t('smartsetup.progress.reading');

  return (
    <section className="hearth-smart-step" aria-labelledby="smart-progress-title" data-testid="smart-progress">
      <SectionTitle id="smart-progress-title">{t('smartsetup.step.progress')}</SectionTitle>
      <QueryErrorBanner query={progress} />
      {data ? (
        <div className="hearth-smart-overall">
          <ProgressBar value={data.progress / 100} animate={!data.done} stripes={!data.done} intent={data.done ? Intent.SUCCESS : Intent.PRIMARY} aria-label={t('smartsetup.progress.overall', { progress: data.progress })} />
          <p aria-live="polite" data-testid="smart-progress-summary">
            {data.done ? t('smartsetup.progress.done') : t('smartsetup.progress.running', { progress: data.progress })}
          </p>
        </div>
      ) : (
        <Spinner size={24} />
      )}
      {data && data.jobs.length === 0 ? <Callout>{t('smartsetup.progress.none')}</Callout> : null}
      <ul className="hearth-smart-groups">
        {groupIds.map((id) => (
          <li key={id}>
            <Card className="hearth-smart-group" data-testid="smart-progress-group">
              <h3>{nameOf(id)}</h3>
              <ul className="hearth-smart-jobs" aria-label={t('smartsetup.progress.jobsOf', { name: nameOf(id) })}>
                {(byGroup.get(id) ?? []).map((job) => (
                  <JobRow key={job.jobId} job={job} busy={act.isPending} onAction={onAction} />
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
      <div className="hearth-smart-actions">
        <Button
          intent={Intent.PRIMARY}
          endIcon={<ArrowRightIcon />}
          disabled={!data?.done}
          onClick={() => void navigate(smartUrl('review', batchId))}
          data-testid="smart-to-review"
        >
          {t('smartsetup.progress.toReview')}
        </Button>
      </div>
      <Alert
        isOpen={asking !== null}
        intent={asking?.action === 'retry' ? Intent.PRIMARY : Intent.DANGER}
        confirmButtonText={asking ? t(`smartsetup.job.${asking.action}` as 'smartsetup.job.retry') : ''}
        cancelButtonText={t('common.action.cancel')}
        loading={act.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && act.mutate(asking)}
      >
        {asking && asking.action !== 'stop' && asking.action !== 'continue' ? (
          <p data-testid="smart-job-ask">
            {t(ASK_KEYS[asking.action], {
              step: t(STEP_KEYS[asking.job.step as keyof typeof STEP_KEYS] ?? 'smartsetup.job.step.TEXT'),
              name: nameOf(asking.job.groupId),
            })}
          </p>
        ) : null}
      </Alert>
    </section>
  );
}
