import { useQuery } from '@tanstack/react-query';
import type { CaregiverBaseInfo, CaregiverFilter, OptionPageRequest, Page } from '@/types/api.gen';
import { MaxOptionSize } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { taskOptionsKey } from './keys';

/** POST /api/care/caregiver/listCaregiverBaseInfoByPage as an option list: whom a task may be assigned to. */
export function listCaregiverOptions(signal?: AbortSignal): Promise<CaregiverBaseInfo[]> {
  const req: OptionPageRequest<CaregiverFilter> = { current: 1, size: MaxOptionSize, data: {} };
  return api
    .post<Page<CaregiverBaseInfo> | null>('/care/caregiver/listCaregiverBaseInfoByPage', req, { signal })
    .then((page) => page?.records ?? []);
}

export function useCaregiverOptions(enabled = true) {
  return useQuery({
    queryKey: [...taskOptionsKey, 'caregivers'],
    queryFn: ({ signal }) => listCaregiverOptions(signal),
    staleTime: 60_000,
    enabled,
  });
}
