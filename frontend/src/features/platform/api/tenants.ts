import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ChangeTenantStatusRequest,
  CreateFacilityAccountRequest,
  Page,
  PageRequest,
  PurgeTenantRequest,
  TenantFilter,
  TenantPurgeDate,
  TenantPurgeResult,
  TenantRow,
} from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** Query keys of the super admin's tenant calls. */
export const tenantsKey = ['system', 'tenant', 'admin'] as const;

/** POST /api/system/tenant/listTenantsByPage (super admin): homes by name, licence, plan, status and state. */
export function listTenants(req: PageRequest<TenantFilter>, signal?: AbortSignal): Promise<Page<TenantRow>> {
  return api
    .post<Page<TenantRow> | null>('/system/tenant/listTenantsByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useTenants(req: PageRequest<TenantFilter>) {
  return useQuery({ queryKey: [...tenantsKey, 'list', req], queryFn: ({ signal }) => listTenants(req, signal), placeholderData: keepPreviousData });
}

/** The query of GET /tenant/auditFacility (shared.AuditFacilityQuery). */
export interface AuditFacility {
  tenantId: string;
  status: 'approved' | 'refused';
  reason: string;
}

/** GET /api/system/tenant/auditFacility: approve, or refuse with a reason. */
export function auditFacility(q: AuditFacility): Promise<TenantRow> {
  return api.get<TenantRow>('/system/tenant/auditFacility', { query: { tenantId: q.tenantId, status: q.status, reason: q.reason } });
}

/** POST /api/system/tenant/changeTenantStatus: enable or disable (disabling signs the home's people out). */
export function changeTenantStatus(req: ChangeTenantStatusRequest): Promise<TenantRow> {
  return api.post<TenantRow>('/system/tenant/changeTenantStatus', req);
}

/** GET /api/system/tenant/delete (soft) and /restore. */
export function deleteTenant(tenantId: string): Promise<TenantRow> {
  return api.get<TenantRow>('/system/tenant/delete', { query: { tenantId } });
}

export function restoreTenant(tenantId: string): Promise<TenantRow> {
  return api.get<TenantRow>('/system/tenant/restore', { query: { tenantId } });
}

/** POST /api/system/tenant/createFacilityAccount: an approved home and its owner, e-mailed a link to choose a password. */
export function createFacilityAccount(req: CreateFacilityAccountRequest): Promise<TenantRow> {
  return api.post<TenantRow>('/system/tenant/createFacilityAccount', req);
}

/** GET /api/system/tenant/getPurgeDate (super admin): from when a deleted home may be purged. */
export function getPurgeDate(tenantId: string, signal?: AbortSignal): Promise<TenantPurgeDate> {
  return api.get<TenantPurgeDate>('/system/tenant/getPurgeDate', { query: { tenantId }, signal });
}

export function usePurgeDate(tenantId: string, enabled: boolean) {
  return useQuery({ queryKey: [...tenantsKey, 'purgeDate', tenantId], queryFn: ({ signal }) => getPurgeDate(tenantId, signal), enabled });
}

/** POST /api/system/tenant/purge (super admin): a deleted home's rows and files removed for good, its name typed to confirm. */
export function purgeTenant(req: PurgeTenantRequest): Promise<TenantPurgeResult> {
  return api.post<TenantPurgeResult>('/system/tenant/purge', req);
}
