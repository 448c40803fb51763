import type { TFunction } from 'i18next';
import type { MedicationDisposal } from '@/types/api.gen';
import { DisposalMethodOther, DisposalReasonOther } from '@/types/api.gen';

import { METHOD_KEYS, REASON_KEYS, labelOf } from '../disposalLabels';

type Parts = Pick<MedicationDisposal, 'disposalMethod' | 'customMethod' | 'disposalReason' | 'customReason'>;

/** The method in words: the spec's name, or the words written for OTHER. */
export function methodText(t: TFunction, r: Parts): string {
  return r.disposalMethod === DisposalMethodOther && r.customMethod ? r.customMethod : labelOf(t, METHOD_KEYS, r.disposalMethod);
}

/** The reason in words: the spec's name, or the words written for OTHER. */
export function reasonText(t: TFunction, r: Parts): string {
  return r.disposalReason === DisposalReasonOther && r.customReason ? r.customReason : labelOf(t, REASON_KEYS, r.disposalReason);
}
