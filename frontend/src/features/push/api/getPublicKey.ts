import { useQuery } from '@tanstack/react-query';
import type { PushKey } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { publicKeyKey } from './keys';

/** GET /api/system/push/publicKey: the server's VAPID public key, which this browser subscribes with. */
export function getPublicKey(signal?: AbortSignal): Promise<PushKey> {
  return api.get<PushKey>('/system/push/publicKey', { signal });
}

export function usePublicKey(enabled: boolean) {
  return useQuery({ queryKey: publicKeyKey, queryFn: ({ signal }) => getPublicKey(signal), enabled, staleTime: Infinity });
}
