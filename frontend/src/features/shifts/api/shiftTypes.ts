import { useQuery } from '@tanstack/react-query';
import type { SaveShiftTypeRequest, ShiftType, ShiftTypeFilter } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { shiftTypesKey } from './keys';

/** POST /api/care/shiftType/list: the facility's shift types, by start time. */
export function listShiftTypes(filter: ShiftTypeFilter, signal?: AbortSignal): Promise<ShiftType[]> {
  return api.post<ShiftType[] | null>('/care/shiftType/list', filter, { signal }).then((l) => l ?? []);
}

export function useShiftTypes(filter: ShiftTypeFilter = {}, enabled = true) {
  return useQuery({
    queryKey: [...shiftTypesKey, filter],
    queryFn: ({ signal }) => listShiftTypes(filter, signal),
    enabled,
  });
}

/** POST /api/care/shiftType/save (owners, admins): a new shift type or an edit; 4022 shows under the fields. */
export function saveShiftType(req: SaveShiftTypeRequest): Promise<ShiftType> {
  return api.post<ShiftType>('/care/shiftType/save', req, { handles: ['4022'] });
}

/** GET /api/care/shiftType/delete?shiftTypeId= (owners, admins): a type no week has used yet. */
export function deleteShiftType(shiftTypeId: string): Promise<unknown> {
  return api.get('/care/shiftType/delete', { query: { shiftTypeId } });
}
