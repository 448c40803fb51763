import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, PageRequest, Resident, ResidentFilter } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { residentsKey } from './keys';

/** POST /api/care/resident/listResidentByPage: the facility's residents; no status filter means current ones. */
export function listResidentByPage(req: PageRequest<ResidentFilter>, signal?: AbortSignal): Promise<Page<Resident>> {
  return api
    .post<Page<Resident> | null>('/care/resident/listResidentByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useResidentList(req: PageRequest<ResidentFilter>) {
  return useQuery({
    queryKey: [...residentsKey, 'list', req],
    queryFn: ({ signal }) => listResidentByPage(req, signal),
    placeholderData: keepPreviousData,
  });
}
