import { useQuery } from '@tanstack/react-query';
import type { SmartSetupBatch } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { batchKeyOf } from './keys';

/** GET /api/care/smartSetup/getBatch?batchId=: the resident groups with their files and jobs. */
export function getBatch(batchId: string, signal?: AbortSignal): Promise<SmartSetupBatch> {
  return api.get<SmartSetupBatch>('/care/smartSetup/getBatch', { query: { batchId }, signal });
}

/** The batch (the progress step reads it again with each reading of the jobs: groups settle as their text is read). */
export function useBatch(batchId: string) {
  return useQuery({
    queryKey: batchKeyOf(batchId),
    queryFn: ({ signal }) => getBatch(batchId, signal),
    enabled: batchId !== '',
  });
}
