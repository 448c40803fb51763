import { useQuery } from '@tanstack/react-query';
import type { CarePlan } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { carePlanKey } from './keys';

/** GET /api/care/resident/residentTaskList?residentId=: the resident's current tasks by care area, with the care plan clocks. */
export function residentTaskList(residentId: string, signal?: AbortSignal): Promise<CarePlan> {
  return api.get<CarePlan>('/care/resident/residentTaskList', { query: { residentId }, signal });
}

export function useCarePlan(residentId: string) {
  return useQuery({
    queryKey: [...carePlanKey, residentId],
    queryFn: ({ signal }) => residentTaskList(residentId, signal),
    enabled: residentId !== '',
  });
}
