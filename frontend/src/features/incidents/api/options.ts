import { useQuery } from '@tanstack/react-query';
import type { CaregiverBaseInfo, CaregiverFilter, OptionPageRequest, Page, Resident } from '@/types/api.gen';
import { MaxOptionSize, ResidentFilterActive } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/resident/listResidentByPage: the facility's current residents (whom a report names). */
function listResidents(signal?: AbortSignal): Promise<Resident[]> {
  return api
    .post<Page<Resident> | null>('/care/resident/listResidentByPage', { current: 1, size: 50, data: { status: ResidentFilterActive } }, { signal })
    .then((p) => p?.records ?? []);
}

/** POST /api/care/caregiver/listCaregiverBaseInfoByPage as options: the staff a report may name. */
function listStaff(signal?: AbortSignal): Promise<CaregiverBaseInfo[]> {
  const req: OptionPageRequest<CaregiverFilter> = { current: 1, size: MaxOptionSize, data: {} };
  return api.post<Page<CaregiverBaseInfo> | null>('/care/caregiver/listCaregiverBaseInfoByPage', req, { signal }).then((p) => p?.records ?? []);
}

// Under the residents' and staff prefixes, so a move-in or a new caregiver refetches them.
export function useResidentOptions() {
  return useQuery({ queryKey: ['care', 'resident', 'list', 'incidents'], queryFn: ({ signal }) => listResidents(signal), staleTime: 60_000 });
}

export function useStaffOptions() {
  return useQuery({ queryKey: ['care', 'caregiver', 'options', 'incidents'], queryFn: ({ signal }) => listStaff(signal), staleTime: 60_000 });
}
