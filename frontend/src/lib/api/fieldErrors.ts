import type { FieldError } from '@/types/api.gen';
import type { ApiError } from './client';

/** Server validation messages (code 4022) by field name, to show under each field. */
export function fieldErrors(err: ApiError): Record<string, string> {
  if (err.code !== '4022' || !Array.isArray(err.data)) return {};
  const out: Record<string, string> = {};
  for (const fe of err.data as FieldError[]) {
    if (fe && typeof fe.field === 'string' && !(fe.field in out)) out[fe.field] = fe.message || fe.rule;
  }
  return out;
}
