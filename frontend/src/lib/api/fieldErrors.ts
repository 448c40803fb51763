import type { FieldError } from '@/types/api.gen';
import { isApiError } from './client';

/**
 * Server validation messages (code 4022) by field name, to show under each field; {} for any other failure.
 * With `fallbackField`, a 4022 that names no field shows its message under that field.
 */
export function fieldErrors(err: unknown, fallbackField?: string): Record<string, string> {
  if (!isApiError(err) || err.code !== '4022') return {};
  const out: Record<string, string> = {};
  for (const fe of Array.isArray(err.data) ? (err.data as FieldError[]) : []) {
    if (fe && typeof fe.field === 'string' && !(fe.field in out)) out[fe.field] = fe.message || fe.rule;
  }
  if (fallbackField && Object.keys(out).length === 0) out[fallbackField] = err.message;
  return out;
}
