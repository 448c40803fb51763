import { useQuery } from '@tanstack/react-query';
import type { FacilityRoutine } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { routineKey } from './keys';

/** GET /api/care/routineTime/get: the facility's six sessions and the medication-prep button flag. */
export function getRoutineTime(signal?: AbortSignal): Promise<FacilityRoutine> {
  return api.get<FacilityRoutine>('/care/routineTime/get', { signal });
}

export function useRoutineTime() {
  return useQuery({ queryKey: routineKey, queryFn: ({ signal }) => getRoutineTime(signal) });
}
