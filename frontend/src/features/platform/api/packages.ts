import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AssignPackageRequest, ServicePackage } from '@/types/api.gen';

/** GET /api/system/servicePackage/list (super admin): the packages a home can be put on. */
export function useServicePackageOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['system', 'servicePackages'],
    queryFn: () => api.get<ServicePackage[] | null>('/system/servicePackage/list').then((p) => p ?? []),
    enabled,
  });
}

/** POST /api/system/servicePackage/assign: the home's package (and so its plan and limits) becomes packageId. */
export function assignPackage(req: AssignPackageRequest): Promise<void> {
  return api.post<void>('/system/servicePackage/assign', req);
}
