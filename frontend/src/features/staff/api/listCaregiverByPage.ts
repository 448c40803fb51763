import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Caregiver, CaregiverFilter, Page, PageRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { staffKey } from './keys';

/** POST /api/care/caregiver/listCaregiverByPage: the facility's staff with their credential warnings. */
export function listCaregiverByPage(req: PageRequest<CaregiverFilter>, signal?: AbortSignal): Promise<Page<Caregiver>> {
  return api
    .post<Page<Caregiver> | null>('/care/caregiver/listCaregiverByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useCaregiverList(req: PageRequest<CaregiverFilter>) {
  return useQuery({
    queryKey: [...staffKey, 'list', req],
    queryFn: ({ signal }) => listCaregiverByPage(req, signal),
    placeholderData: keepPreviousData,
  });
}
