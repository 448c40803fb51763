import { useQuery } from '@tanstack/react-query';
import type { FacilityDocVersion } from '@/types/api.gen';
import { api, ApiError } from '@/lib/api/client';
import { facilityDocsKey } from './facilityDocs';

/** The home's plan has no facility documents (spec 000 §6: the free plan): nothing waits for anybody there. */
const FUNCTION_MISSING = '7003';

/**
 * GET /api/system/tenant/listFacilityDocsToSign: the facility document versions the signed-in person was named
 * to sign and has not signed yet, oldest first. Asked in the background of the pages that show it (quiet: a
 * failure leaves the list out). A free-plan home answers 7003: that is no failure here, only an empty list (no
 * toast, no subscription dialog).
 */
export async function listFacilityDocsToSign(signal?: AbortSignal): Promise<FacilityDocVersion[]> {
  try {
    const list = await api.get<FacilityDocVersion[] | null>('/system/tenant/listFacilityDocsToSign', { signal, quiet: true });
    return list ?? [];
  } catch (err) {
    if (err instanceof ApiError && err.code === FUNCTION_MISSING) return [];
    throw err;
  }
}

/** Under facilityDocsKey, so a signature (and an upload naming the person) refreshes it. */
export function useFacilityDocsToSign() {
  return useQuery({
    queryKey: [...facilityDocsKey, 'toSign'],
    queryFn: ({ signal }) => listFacilityDocsToSign(signal),
    refetchInterval: 60_000,
  });
}
