import { useQuery } from '@tanstack/react-query';
import type { PublicParams } from '@/types/api.gen';
import { api } from '@/lib/api/client';

export const publicParamsKey = ['system', 'params', 'public'] as const;

/**
 * GET /api/system/params/public (no sign-in): the run-time parameters the sign-in page shows — customer
 * service's phone for the pending-approval dialog (the parameter support.helpPhone, set at /params-setting).
 * Quiet: a dialog that cannot read it still says what it must, without the phone.
 */
export function getPublicParams(): Promise<PublicParams> {
  return api.get<PublicParams>('/system/params/public', { noAuth: true, ignoreAuth: true, quiet: true });
}

/** Read when the pending-approval dialog opens, so a phone changed a moment ago is the one shown. */
export function usePublicParams() {
  return useQuery({ queryKey: publicParamsKey, queryFn: getPublicParams, staleTime: 0, retry: false });
}
