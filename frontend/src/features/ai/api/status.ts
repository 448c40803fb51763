import { useQuery } from '@tanstack/react-query';
import type { AIStatus } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { aiStatusKey } from './keys';

/** GET /api/ai/status: which floating buttons show for the plan and what works offline here. */
export function getAIStatus(signal?: AbortSignal): Promise<AIStatus> {
  return api.get<AIStatus>('/ai/status', { signal, quiet: true });
}

/** Asked once per sign-in (and after a config save); a failure hides the buttons rather than raising a toast. */
export function useAIStatus(enabled = true) {
  return useQuery({ queryKey: aiStatusKey, queryFn: ({ signal }) => getAIStatus(signal), enabled, staleTime: 5 * 60_000, retry: 1 });
}
