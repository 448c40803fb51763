import { useQuery } from '@tanstack/react-query';
import type { AIConfig, AIConfigTestResult, SaveAIConfigRequest, TestAIConfigRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { aiConfigKey } from './keys';

/** GET /api/ai/config/get (super admin): keys masked to their last 4. */
export function getAIConfig(signal?: AbortSignal): Promise<AIConfig> {
  return api.get<AIConfig>('/ai/config/get', { signal });
}

export function useAIConfig() {
  return useQuery({ queryKey: aiConfigKey, queryFn: ({ signal }) => getAIConfig(signal) });
}

/** POST /api/ai/config/save: everything in one transaction; 4022 names the field. */
export function saveAIConfig(req: SaveAIConfigRequest): Promise<AIConfig> {
  return api.post<AIConfig>('/ai/config/save', req, { handles: ['4022'] });
}

/** POST /api/ai/config/test: a tiny call with the form's settings; the answer says ok or the provider's words. */
export function testAIConfig(req: TestAIConfigRequest): Promise<AIConfigTestResult> {
  return api.post<AIConfigTestResult>('/ai/config/test', req, { handles: ['4022'] });
}
