import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '@/types/api.gen';
import { api } from '@/lib/api/client';

export const publicConfigKey = ['system', 'config', 'public'] as const;

/**
 * GET /api/system/config/public (no auth): the login AES key, the server version and the dev flag.
 * `quiet` reads report no failure: the start-up read and the version shown must not greet the desktop
 * shell's first run, which has no server address yet, with an error nobody caused.
 */
export function getPublicConfig(quiet = false): Promise<PublicConfig> {
  return api.get<PublicConfig>('/system/config/public', { noAuth: true, ignoreAuth: true, quiet });
}

/** The start-up read (App.tsx) and the version display: quiet. */
export const readPublicConfigQuietly = () => getPublicConfig(true);

/** Fetched once per page load; the key and the version do not change while the page lives. */
export function usePublicConfig() {
  return useQuery({ queryKey: publicConfigKey, queryFn: readPublicConfigQuietly, staleTime: Infinity, gcTime: Infinity });
}

/** The login AES key, from the cache when /config/public was already read (it is, at start). */
export async function fetchLoginAesKey(queryClient: QueryClient): Promise<string> {
  const config = await queryClient.fetchQuery({ queryKey: publicConfigKey, queryFn: () => getPublicConfig(), staleTime: Infinity });
  if (!config.loginAesKey) throw new Error('no login key');
  return config.loginAesKey;
}
