import { useQuery } from '@tanstack/react-query';
import type { PushPreferences } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { preferencesKey } from './keys';

/** GET /api/system/push/preferences: which alerts reach your devices (all until you choose). */
export function getPreferences(signal?: AbortSignal): Promise<PushPreferences> {
  return api.get<PushPreferences>('/system/push/preferences', { signal });
}

export function usePreferences(enabled: boolean) {
  return useQuery({ queryKey: preferencesKey, queryFn: ({ signal }) => getPreferences(signal), enabled });
}

/** POST /api/system/push/savePreferences: your choice of alerts, for all your devices. */
export function savePreferences(req: PushPreferences): Promise<PushPreferences> {
  return api.post<PushPreferences>('/system/push/savePreferences', req, { noOutbox: true });
}

export function useSavePreferences() {
  return useAppMutation({ mutationFn: savePreferences, invalidates: [preferencesKey], success: 'profile.push.done.saved' });
}
