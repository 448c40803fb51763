import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InspectorActivity, InspectorLink, InspectorLinkRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** The owner's calls of the inspector's link (docs/api.md "Inspector's link"). */
export const inspectorLinksKey = ['system', 'inspector', 'links'] as const;

/** GET /api/system/inspector/listInspectorLinks: the home's links, newest first. */
export function useInspectorLinks() {
  return useQuery({
    queryKey: inspectorLinksKey,
    queryFn: ({ signal }) => api.get<InspectorLink[] | null>('/system/inspector/listInspectorLinks', { signal }).then((l) => l ?? []),
  });
}

/** POST /api/system/inspector/createInspectorLink: the answer carries the link's URL, once. */
export function useCreateInspectorLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: InspectorLinkRequest) => api.post<InspectorLink>('/system/inspector/createInspectorLink', req),
    onSuccess: () => qc.invalidateQueries({ queryKey: inspectorLinksKey }),
  });
}

/** POST /api/system/inspector/revokeInspectorLink. */
export function useRevokeInspectorLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<InspectorLink>('/system/inspector/revokeInspectorLink', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inspectorLinksKey }),
  });
}

/** POST /api/system/inspector/listInspectorActivity: one link's sign-ins, views and downloads, newest first. */
export function useInspectorActivity(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...inspectorLinksKey, 'activity', id],
    queryFn: ({ signal }) => api.post<InspectorActivity[] | null>('/system/inspector/listInspectorActivity', { id }, { signal }).then((l) => l ?? []),
    enabled,
  });
}
