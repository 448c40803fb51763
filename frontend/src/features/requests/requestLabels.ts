// Static key maps for the request codes the server sends.
import type { TFunction } from 'i18next';
import { requestTone } from './requestRules';

export const TYPE_KEYS = {
  LEAVE: 'requests.type.LEAVE',
  SHIFT_ADJUSTMENT: 'requests.type.SHIFT_ADJUSTMENT',
} as const;

const TONE_KEYS = {
  pending: 'requests.status.pending',
  approved: 'requests.status.approved',
  refused: 'requests.status.refused',
  unknown: 'requests.status.unknown',
} as const;

export function typeLabel(t: TFunction, type: string): string {
  return Object.hasOwn(TYPE_KEYS, type) ? t(TYPE_KEYS[type as keyof typeof TYPE_KEYS]) : type;
}

export function statusLabel(t: TFunction, status: string): string {
  return t(TONE_KEYS[requestTone(status)]);
}
