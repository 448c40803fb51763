import { useQuery } from '@tanstack/react-query';
import type { FacilityRoutine } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { routineKey } from './keys';

/** GET /api/care/routineTime/get: the facility's sessions, whose start times fill an order's times. Quiet. */
export function getRoutineTime(signal?: AbortSignal): Promise<FacilityRoutine> {
  return api.get<FacilityRoutine>('/care/routineTime/get', { signal, quiet: true });
}

export function useRoutineSessions(enabled: boolean) {
  return useQuery({ queryKey: routineKey, queryFn: ({ signal }) => getRoutineTime(signal), staleTime: 10 * 60_000, retry: false, enabled });
}
