import { useQuery } from '@tanstack/react-query';
import type { CaregiverBaseInfo, CaregiverFilter, OptionPageRequest, Page } from '@/types/api.gen';
import { MaxOptionSize } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { staffOptionsKey } from './keys';

/** POST /api/care/caregiver/listCaregiverBaseInfoByPage as an option list: whom the week may name. */
export function listStaffOptions(signal?: AbortSignal): Promise<CaregiverBaseInfo[]> {
  const req: OptionPageRequest<CaregiverFilter> = { current: 1, size: MaxOptionSize, data: {} };
  return api
    .post<Page<CaregiverBaseInfo> | null>('/care/caregiver/listCaregiverBaseInfoByPage', req, { signal })
    .then((page) => page?.records ?? []);
}

export function useStaffOptions(enabled = true) {
  return useQuery({
    queryKey: staffOptionsKey,
    queryFn: ({ signal }) => listStaffOptions(signal),
    staleTime: 60_000,
    enabled,
  });
}
