import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApplicationForm, ApplicationFormFilter, Page, PageRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { requestsKey } from './keys';

/** POST /api/care/applicationForm/listApplicationFormByPage: caregivers get their own, owner/admin all. */
export function listApplicationFormByPage(req: PageRequest<ApplicationFormFilter>, signal?: AbortSignal): Promise<Page<ApplicationForm>> {
  return api
    .post<Page<ApplicationForm> | null>('/care/applicationForm/listApplicationFormByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useApplicationForms(req: PageRequest<ApplicationFormFilter>, enabled = true) {
  return useQuery({
    queryKey: [...requestsKey, 'list', req],
    queryFn: ({ signal }) => listApplicationFormByPage(req, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
