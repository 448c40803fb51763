import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

// The wire types of shared/platform.go (FunctionAPI, FunctionPermission).
export interface FunctionApi {
  functionId: string;
  functionName: string;
  apiPath: string;
  businessType: string;
  functionType: string;
  description: string;
  createTime: number;
}

export type PermissionType = 'DISABLED' | 'TIME_LIMITED' | 'USAGE_LIMITED';
export const PERMISSION_TYPES: readonly PermissionType[] = ['DISABLED', 'TIME_LIMITED', 'USAGE_LIMITED'];
export const PACKAGES = ['FREE_PLAN', 'ESSENTIAL_PLAN', 'PREMIUM_PLAN'] as const;
export const FUNCTION_TYPES = ['add', 'delete', 'update', 'query', 'other'] as const;

export interface FunctionPermission {
  id: string;
  functionId: string;
  functionName: string;
  apiPath: string;
  packageId: string;
  permissionType: PermissionType;
  limitCount: number;
  limitTime: number;
  status: 'ENABLED' | 'DISABLED';
  updateTime: number;
}

export const functionsKey = ['system', 'functions'] as const;

/** GET /api/system/functionApi/list (super admin). */
export function useFunctionApis() {
  return useQuery({
    queryKey: [...functionsKey, 'apis'],
    queryFn: () => api.get<FunctionApi[] | null>('/system/functionApi/list').then((a) => a ?? []),
  });
}

/** POST /api/system/functionApi/save: a new function API (no functionId) or an edit. */
export function saveFunctionApi(a: FunctionApi): Promise<FunctionApi> {
  return api.post<FunctionApi>('/system/functionApi/save', a, { handles: ['4022'] });
}

/** POST /api/system/functionApi/delete. */
export function deleteFunctionApi(functionId: string): Promise<void> {
  return api.post<void>('/system/functionApi/delete', { functionId });
}

/** GET /api/system/functionPermission/list: of one package, or all. */
export function useFunctionPermissions(packageId: string) {
  return useQuery({
    queryKey: [...functionsKey, 'permissions', packageId],
    queryFn: () =>
      api
        .get<FunctionPermission[] | null>('/system/functionPermission/list', { query: { packageId } })
        .then((p) => p ?? []),
  });
}

/** POST /api/system/functionPermission/save: a new permission (no id) or an edit. */
export function saveFunctionPermission(p: FunctionPermission): Promise<FunctionPermission> {
  return api.post<FunctionPermission>('/system/functionPermission/save', p, { handles: ['4022'] });
}

/** POST /api/system/functionPermission/delete. */
export function deleteFunctionPermission(id: string): Promise<void> {
  return api.post<void>('/system/functionPermission/delete', { id });
}
