import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AIUsage, AIUsageFilter, Page, PageRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { aiUsageKey } from './keys';

/** POST /api/ai/usage/listByPage: AI calls, newest first. */
export function listAIUsage(req: PageRequest<AIUsageFilter>, signal?: AbortSignal): Promise<Page<AIUsage>> {
  return api
    .post<Page<AIUsage> | null>('/ai/usage/listByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useAIUsage(req: PageRequest<AIUsageFilter>) {
  return useQuery({ queryKey: [...aiUsageKey, req], queryFn: ({ signal }) => listAIUsage(req, signal), placeholderData: keepPreviousData });
}
