import { useQuery } from '@tanstack/react-query';
import type { OptionPageRequest, Page, Resident, ResidentFilter } from '@/types/api.gen';
import { MaxOptionSize } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { taskOptionsKey } from './keys';

/** A resident as the pickers show it. */
export interface ResidentOption {
  residentId: string;
  name: string;
  room: string;
}

/** POST /api/care/resident/listResidentByPage as an option list (current residents, size up to 9999, spec 001 §7.8). */
export function listResidentOptions(signal?: AbortSignal): Promise<ResidentOption[]> {
  const req: OptionPageRequest<ResidentFilter> = { current: 1, size: MaxOptionSize, data: {} };
  return api
    .post<Page<Resident> | null>('/care/resident/listResidentByPage', req, { signal })
    .then((page) => (page?.records ?? []).map((r) => ({ residentId: r.residentId, name: r.name, room: r.room })));
}

export function useResidentOptions() {
  return useQuery({ queryKey: [...taskOptionsKey, 'residents'], queryFn: ({ signal }) => listResidentOptions(signal), staleTime: 60_000 });
}
