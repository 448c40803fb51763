import { useId, useState } from 'react';
import { Alert, Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FailedJob } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { TableEmpty } from '@/lib/ui/TableEmpty';
import { discardJob, failedJobsKey, retryJob, useFailedJobs } from '../api/jobs';
import '../jobs.css';

/** spec 001 §9 "Default page size": 20, options 20, 50, 100. */
const PAGE_SIZES = [20, 50, 100] as const;

type State = 'DISCARDED' | 'RETRYING';
const STATES: readonly State[] = ['DISCARDED', 'RETRYING'];

/** The job kinds the product has (platformJobs.kind.*); another kind is shown as it is stored. */
const KINDS = [
  'business_event',
  'incident_preliminary_analysis',
  'progress_note_translate',
  'shift_remind',
  'task_missed_care_digest',
  'task_expire_due',
  'task_extend_horizon',
  'notification_cleanup',
  'medication_extend_horizon',
  'medication_warn_overdue',
] as const;
type Kind = (typeof KINDS)[number];

function isKind(k: string): k is Kind {
  return (KINDS as readonly string[]).includes(k);
}

function isState(s: string | null): s is State {
  return (STATES as readonly (string | null)[]).includes(s);
}

/** /admin-jobs (super admin): background jobs that failed, with "Retry now" and "Discard". */
export default function FailedJobsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state: State | '' = isState(stateParam) ? stateParam : '';
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const list = useFailedJobs({ ...paging, data: state ? { state } : {} });
  const [discarding, setDiscarding] = useState<FailedJob | null>(null);
  const discardTitle = useId();
  const kindLabel = (k: string) => (isKind(k) ? t(`platformJobs.kind.${k}`) : k);

  const retry = useAppMutation({
    mutationFn: (job: FailedJob) => retryJob({ id: job.id }),
    invalidates: [failedJobsKey, ['system', 'dashboard', 'platform']],
    success: 'platformJobs.retried',
  });
  const discard = useAppMutation({
    mutationFn: (job: FailedJob) => discardJob({ id: job.id }),
    invalidates: [failedJobsKey, ['system', 'dashboard', 'platform']],
    success: 'platformJobs.discarded',
    onSettled: () => setDiscarding(null),
  });

  return (
    <div className="hearth-page">
      <PageHeader title={t('platformJobs.title')} />
      <p className="hearth-muted">{t('platformJobs.intro')}</p>
      <div className="hearth-filter-bar">
        <Select
          id="jobs-state"
          aria-label={t('platformJobs.filter')}
          value={state}
          data-testid="jobs-state"
          onChange={(e) => {
            const next = e.currentTarget.value;
            setParams(next ? { state: next } : {}, { replace: true });
            setPaging((p) => ({ ...p, current: 1 }));
          }}
          options={[{ value: '', label: t('platformJobs.all') }, ...STATES.map((s) => ({ value: s, label: t(`platformJobs.state.${s}`) }))]}
        />
      </div>
      <QueryErrorBanner query={list} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
        <HTMLTable striped className="hearth-card-table" style={{ minWidth: 720, width: '100%' }}>
          <thead>
            <tr>
              <th>{t('platformJobs.col.kind')}</th>
              <th>{t('platformJobs.col.home')}</th>
              <th>{t('platformJobs.col.attempts')}</th>
              <th>{t('platformJobs.col.error')}</th>
              <th>{t('platformJobs.col.when')}</th>
              <th>{t('common.table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.records ?? []).map((j) => (
              <tr key={j.id} data-testid="job-row" data-kind={j.kind} data-state={j.state}>
                <td className="hearth-card-title">
                  {kindLabel(j.kind)}{' '}
                  <Tag minimal intent={j.state === 'DISCARDED' ? Intent.DANGER : Intent.WARNING}>
                    {isState(j.state) ? t(`platformJobs.state.${j.state}`) : j.state}
                  </Tag>
                </td>
                <td data-label={t('platformJobs.col.home')}>
                  {j.tenantId ? j.facilityName || t('platformJobs.homeGone') : t('platformJobs.noHome')}
                </td>
                <td data-label={t('platformJobs.col.attempts')}>{t('platformJobs.attempts', { attempt: j.attempt, max: j.maxAttempts })}</td>
                <td data-label={t('platformJobs.col.error')} className="hearth-job-error">
                  {j.lastError || <span className="hearth-muted">{t('platformJobs.noError')}</span>}
                </td>
                <td className="hearth-cell-nowrap" data-label={t('platformJobs.col.when')}>
                  {j.state === 'RETRYING' && j.nextAt
                    ? t('platformJobs.nextAt', { when: formatDateTime(j.nextAt, undefined, language) })
                    : j.failedAt
                      ? t('platformJobs.failedAt', { when: formatDateTime(j.failedAt, undefined, language) })
                      : '—'}
                </td>
                <td className="hearth-card-actions">
                  <Button
                    size="small"
                    data-testid="job-retry"
                    aria-label={t('platformJobs.retryNamed', { id: j.id })}
                    loading={retry.isPending && retry.variables?.id === j.id}
                    onClick={() => retry.mutate(j)}
                  >
                    {t('platformJobs.retry')}
                  </Button>
                  {j.state === 'RETRYING' ? (
                    <Button
                      size="small"
                      intent={Intent.DANGER}
                      variant="outlined"
                      data-testid="job-discard"
                      aria-label={t('platformJobs.discardNamed', { id: j.id })}
                      onClick={() => setDiscarding(j)}
                    >
                      {t('platformJobs.discard')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {(list.data?.records.length ?? 0) === 0 ? <TableEmpty loading={list.isPending} icon={<TickCircleIcon />} title={t('platformJobs.empty')} /> : null}
      </div>
      <Pager
        current={paging.current}
        size={paging.size}
        sizes={PAGE_SIZES}
        total={list.data?.total ?? 0}
        onChange={(current, size) => setPaging({ current, size })}
      />
      <Alert
        isOpen={discarding !== null}
        aria-labelledby={discardTitle}
        intent={Intent.DANGER}
        confirmButtonText={t('platformJobs.discard')}
        cancelButtonText={t('common.action.cancel')}
        loading={discard.isPending}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => discarding && discard.mutate(discarding)}
      >
        <p id={discardTitle}>
          <strong>{t('platformJobs.discardTitle')}</strong>
        </p>
        <p>{t('platformJobs.discardBody', { kind: discarding ? kindLabel(discarding.kind) : '' })}</p>
      </Alert>
    </div>
  );
}
