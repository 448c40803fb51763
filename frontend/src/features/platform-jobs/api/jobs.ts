import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FailedJob, FailedJobFilter, FailedJobRequest, Page, PageRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** Query keys of the super admin's failed-jobs calls. */
export const failedJobsKey = ['system', 'jobs', 'failed'] as const;

/** POST /api/system/jobs/listFailed (super admin): failed background jobs, newest first. */
export function listFailedJobs(req: PageRequest<FailedJobFilter>, signal?: AbortSignal): Promise<Page<FailedJob>> {
  return api
    .post<Page<FailedJob> | null>('/system/jobs/listFailed', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useFailedJobs(req: PageRequest<FailedJobFilter>) {
  return useQuery({
    queryKey: [...failedJobsKey, req],
    queryFn: ({ signal }) => listFailedJobs(req, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/system/jobs/retry: work the job now (a discarded one gets one more attempt). */
export function retryJob(req: FailedJobRequest): Promise<FailedJob> {
  return api.post<FailedJob>('/system/jobs/retry', req);
}

/** POST /api/system/jobs/discard: a job waiting for a retry is not tried again. */
export function discardJob(req: FailedJobRequest): Promise<FailedJob> {
  return api.post<FailedJob>('/system/jobs/discard', req);
}
