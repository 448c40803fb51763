import type { Page, PageRequest, Resident, ResidentFilter } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/resident/listResidentByPage: residents by name, to tell whether a move-in is a new person. */
export function findResidents(req: PageRequest<ResidentFilter>): Promise<Page<Resident>> {
  return api
    .post<Page<Resident> | null>('/care/resident/listResidentByPage', req)
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}
