// eMAR words built from codes and readings: a reading with its unit, an order's hold limits, and what a
// reading means for the dose. Static keys only (lib/emar/emarLabels.ts).
import type { TFunction } from 'i18next';
import type { VitalSign } from '@/types/api.gen';
import { VITAL_KEYS, VITAL_READING_KEYS } from './emarLabels';
import type { VitalCheck, VitalOrder } from './vitals';

type T = (key: string, values?: Record<string, unknown>) => string;

/** A number as the interface language writes it (98.6, 98,6). */
export function formatReading(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
}

/** The vital's name with its unit, "Systolic blood pressure (mmHg)". */
export function vitalLabel(t: TFunction, vital: VitalSign): string {
  return Object.hasOwn(VITAL_KEYS, vital) ? (t as unknown as T)(VITAL_KEYS[vital as keyof typeof VITAL_KEYS]) : vital;
}

/** A reading with its vital and unit, "Systolic 92 mmHg". */
export function readingText(t: TFunction, vital: VitalSign, value: number, language: string): string {
  const shown = formatReading(value, language);
  return Object.hasOwn(VITAL_READING_KEYS, vital)
    ? (t as unknown as T)(VITAL_READING_KEYS[vital as keyof typeof VITAL_READING_KEYS], { value: shown })
    : shown;
}

/** The order's hold limits in words ("Hold if below 100."), or "" when it has none. */
export function holdLimitsText(t: TFunction, order: VitalOrder, language: string): string {
  const tt = t as unknown as T;
  const below = order.holdBelow ?? undefined;
  const above = order.holdAbove ?? undefined;
  if (below !== undefined && above !== undefined) {
    return tt('care.emar.vitalInput.holdOutside', { below: formatReading(below, language), above: formatReading(above, language) });
  }
  if (below !== undefined) return tt('care.emar.vitalInput.holdBelowLimit', { limit: formatReading(below, language) });
  if (above !== undefined) return tt('care.emar.vitalInput.holdAboveLimit', { limit: formatReading(above, language) });
  return '';
}

/** What a plausible reading means for the dose: held and why, the sliding scale's dose, or within limits. */
export function verdictText(t: TFunction, order: VitalOrder, check: VitalCheck, language: string): string {
  const tt = t as unknown as T;
  const reading = (value: number) => readingText(t, order.vital, value, language);
  switch (check.kind) {
    case 'holdBelow':
      return tt('care.emar.vitalInput.holdBelow', { reading: reading(check.value), limit: formatReading(check.limit, language) });
    case 'holdAbove':
      return tt('care.emar.vitalInput.holdAbove', { reading: reading(check.value), limit: formatReading(check.limit, language) });
    case 'noScaleRow':
      return tt('care.emar.vitalInput.noScaleRow', { reading: reading(check.value) });
    case 'ok':
      return check.scaleDose !== undefined
        ? tt('care.emar.vitalInput.scaleDose', { dose: check.scaleDose })
        : tt('care.emar.vitalInput.within', { reading: reading(check.value) });
    default:
      return '';
  }
}
