import { useQuery } from '@tanstack/react-query';
import type { Page, Resident } from '@/types/api.gen';
import { ResidentFilterActive } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { residentsKey } from './keys';

/** POST /api/care/resident/listResidentByPage: the facility's current residents, one card each on the end-of-shift screen. */
export function listCurrentResidents(signal?: AbortSignal): Promise<Resident[]> {
  return api
    .post<Page<Resident> | null>('/care/resident/listResidentByPage', { current: 1, size: 50, data: { status: ResidentFilterActive } }, { signal })
    .then((p) => p?.records ?? []);
}

export function useCurrentResidents() {
  return useQuery({ queryKey: residentsKey, queryFn: ({ signal }) => listCurrentResidents(signal) });
}
