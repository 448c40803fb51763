import { useQuery } from '@tanstack/react-query';
import type { ResidentFile, ResidentFilesQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { residentsKey } from './keys';

/** GET /api/care/resident/listResidentFiles: a resident's documents, newest first, optionally of one category. */
export function listResidentFiles(query: ResidentFilesQuery, signal?: AbortSignal): Promise<ResidentFile[]> {
  const q: Record<string, string> = { residentId: query.residentId };
  if (query.category) q.category = query.category;
  return api.get<ResidentFile[] | null>('/care/resident/listResidentFiles', { query: q, signal }).then((files) => files ?? []);
}

export function useResidentFiles(residentId: string, category?: string) {
  return useQuery({
    queryKey: [...residentsKey, 'files', residentId, category ?? ''],
    queryFn: ({ signal }) => listResidentFiles({ residentId, category }, signal),
  });
}
