import { useQuery } from '@tanstack/react-query';
import type { SmartSetupDraft } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { draftKeyOf } from './keys';

/** GET /api/care/smartSetup/getDraft?groupId=: what a group's steps read, each value with its page, quote and confidence. */
export function getDraft(groupId: string, signal?: AbortSignal): Promise<SmartSetupDraft> {
  return api.get<SmartSetupDraft>('/care/smartSetup/getDraft', { query: { groupId }, signal, handles: ['4009'] });
}

export function useDraft(groupId: string) {
  return useQuery({
    queryKey: draftKeyOf(groupId),
    queryFn: ({ signal }) => getDraft(groupId, signal),
    enabled: groupId !== '',
    retry: false,
    // The wizard starts from it once; a refetch must not change what the owner is editing.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
