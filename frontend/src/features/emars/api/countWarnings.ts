import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { emarKey } from './keys';

/**
 * GET /api/care/medication/countWarningNum: red items of the last 7 days not acknowledged — the sidebar's
 * eMAR badge and the dashboard's "Overdue (last 7 days)", counted by the same server function
 * (docs/frontend.md "Counters"). Under emarKey, so every chart refetches it with the day.
 */
export function useWarningCount() {
  return useQuery({
    queryKey: [...emarKey, 'countWarningNum'],
    queryFn: ({ signal }) => api.get<number>('/care/medication/countWarningNum', { signal }),
  });
}
