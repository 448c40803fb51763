import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

// The wire types of shared/platform.go (Param, UpdateParamRequest).
export type ParamKind = 'INT' | 'BOOL' | 'TEXT';

export interface Param {
  key: string;
  group: string;
  kind: ParamKind;
  value: string;
  defaultValue: string;
  min: number;
  max: number;
  unit: string;
  description: string;
  roles: string[];
  isDefault: boolean;
  updatedBy: string;
  updateTime: number;
}

export const paramsKey = ['system', 'params'] as const;

/** GET /api/system/params/list (super admin): every parameter with its value in force, described in the caller's language. */
export function listParams(): Promise<Param[]> {
  return api.get<Param[] | null>('/system/params/list').then((p) => p ?? []);
}

export function useParams() {
  return useQuery({ queryKey: paramsKey, queryFn: listParams });
}

/** POST /api/system/params/update: the form shows a bound broken (4022) itself. */
export function updateParam(key: string, value: string): Promise<Param> {
  return api.post<Param>('/system/params/update', { key, value }, { handles: ['4022'] });
}

/** POST /api/system/params/reset: back to the default. */
export function resetParam(key: string): Promise<Param> {
  return api.post<Param>('/system/params/reset', { key });
}

/** Whether value is acceptable for p (the server checks the same; this only keeps Save off while it is not). */
export function validParamValue(p: Pick<Param, 'kind' | 'min' | 'max'>, value: string): boolean {
  switch (p.kind) {
    case 'INT': {
      if (!/^-?\d+$/.test(value)) return false;
      const n = Number(value);
      return n >= p.min && n <= p.max;
    }
    case 'BOOL':
      return value === 'true' || value === 'false';
    default:
      return [...value].length >= p.min && [...value].length <= p.max;
  }
}
