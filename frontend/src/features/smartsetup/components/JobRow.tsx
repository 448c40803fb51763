import { Button, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { SmartSetupJob } from '@/types/api.gen';
import { SmartCompleted, SmartFailed, SmartPending, SmartProgressing, SmartStopped } from '@/types/api.gen';
import type { JobAction } from '../api/jobActions';
import { canRetry, STATE_KEYS, STEP_KEYS } from '../jobStates';

interface JobRowProps {
  job: SmartSetupJob;
  busy: boolean;
  onAction: (action: JobAction, job: SmartSetupJob) => void;
}

const STATE_INTENT: Record<string, Intent> = {
  [SmartPending]: Intent.NONE,
  [SmartProgressing]: Intent.PRIMARY,
  [SmartCompleted]: Intent.SUCCESS,
  [SmartFailed]: Intent.DANGER,
  [SmartStopped]: Intent.WARNING,
};

/** One job: its step, a progress bar, its state, and what may be done with it now (the server says which). */
export function JobRow({ job, busy, onAction }: JobRowProps) {
  const { t } = useTranslation();
  const step = t(STEP_KEYS[job.step as keyof typeof STEP_KEYS] ?? 'smartsetup.job.step.TEXT');
  const state = t(STATE_KEYS[job.state as keyof typeof STATE_KEYS] ?? 'smartsetup.job.state.DRAFT');
  const running = job.state === SmartPending || job.state === SmartProgressing;
  const action = (a: JobAction, label: string, intent: Intent = Intent.NONE) => (
    <Button
      size="small"
      variant="outlined"
      intent={intent}
      disabled={busy}
      onClick={() => onAction(a, job)}
      aria-label={t('smartsetup.job.actionLabel', { action: label, step })}
      data-testid={`smart-job-${a}`}
    >
      {label}
    </Button>
  );
  return (
    <li className="hearth-smart-job" data-testid="smart-job" data-step={job.step} data-state={job.state}>
      <span className="hearth-smart-job-step">{step}</span>
      <Tag minimal intent={STATE_INTENT[job.state] ?? Intent.NONE} data-testid="smart-job-state">
        {state}
      </Tag>
      {job.needsRetry ? (
        <Tag minimal multiline intent={Intent.WARNING} data-testid="smart-job-needs-retry">
          {t('smartsetup.job.needsRetry')}
        </Tag>
      ) : null}
      <span className="hearth-smart-job-percent">{t('smartsetup.job.percent', { progress: job.progress })}</span>
      <ProgressBar
        className="hearth-smart-job-bar"
        value={job.progress / 100}
        animate={running}
        stripes={running}
        intent={STATE_INTENT[job.state] ?? Intent.NONE}
        aria-label={t('smartsetup.job.progressLabel', { step, progress: job.progress })}
      />
      {job.errorMessage ? <span className="hearth-smart-job-error">{job.errorMessage}</span> : null}
      <span className="hearth-smart-job-actions">
        {job.canStop ? action('stop', t('smartsetup.job.stop')) : null}
        {job.canContinue ? action('continue', t('smartsetup.job.continue')) : null}
        {canRetry(job) ? action('retry', t('smartsetup.job.retry'), Intent.PRIMARY) : null}
        {job.state === SmartProgressing ? action('clear', t('smartsetup.job.clear'), Intent.WARNING) : null}
        {job.canDelete ? action('delete', t('smartsetup.job.delete'), Intent.DANGER) : null}
      </span>
    </li>
  );
}
