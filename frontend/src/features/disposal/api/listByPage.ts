import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DisposalFilter, MedicationDisposal, Page, PageRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { disposalKey } from './keys';

/** POST /api/care/medicationDisposal/listByPage: a resident's disposal records, the latest disposal first. */
export function listDisposals(req: PageRequest<DisposalFilter>, signal?: AbortSignal): Promise<Page<MedicationDisposal>> {
  return api
    .post<Page<MedicationDisposal> | null>('/care/medicationDisposal/listByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useDisposals(req: PageRequest<DisposalFilter>) {
  return useQuery({
    queryKey: [...disposalKey, 'list', req],
    queryFn: ({ signal }) => listDisposals(req, signal),
    placeholderData: keepPreviousData,
    enabled: req.data?.residentId !== '',
  });
}
