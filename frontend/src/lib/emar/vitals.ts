// The vital taken before a pass: what a typed reading is, whether it is plausible, and what the order's
// hold limits and sliding scale make of it. The server checks the same (cloud/feature/medication/log.go,
// checkDose): a reading outside the plausible range is a typing mistake, one outside the hold limits
// means the dose is held, and a sliding scale gives the dose of the row the reading falls in.
import {
  VitalDiastolicMax,
  VitalDiastolicMin,
  VitalGlucoseMax,
  VitalGlucoseMin,
  VitalOxygenMax,
  VitalOxygenMin,
  VitalPulseMax,
  VitalPulseMin,
  VitalRespirationMax,
  VitalRespirationMin,
  VitalSystolicMax,
  VitalSystolicMin,
  VitalTemperatureMax,
  VitalTemperatureMin,
  type Medication,
  type SlidingScaleStep,
  type VitalSign,
} from '@/types/api.gen';

/** Plausible readings per vital (shared/medication.go). */
export const VITAL_RANGES: Record<string, readonly [number, number]> = {
  SYSTOLIC_BP: [VitalSystolicMin, VitalSystolicMax],
  DIASTOLIC_BP: [VitalDiastolicMin, VitalDiastolicMax],
  PULSE: [VitalPulseMin, VitalPulseMax],
  BLOOD_GLUCOSE: [VitalGlucoseMin, VitalGlucoseMax],
  TEMPERATURE: [VitalTemperatureMin, VitalTemperatureMax],
  RESPIRATION: [VitalRespirationMin, VitalRespirationMax],
  OXYGEN_SATURATION: [VitalOxygenMin, VitalOxygenMax],
};

/** The part of an order the vital rules read. */
export type VitalOrder = Pick<Medication, 'vital' | 'holdBelow' | 'holdAbove' | 'slidingScale'>;

const NUMBER = /^\d+(?:[.,]\d+)?$/;
const PRESSURE = /^(\d+(?:[.,]\d+)?)\s*\/\s*(\d+(?:[.,]\d+)?)$/;

const toNumber = (s: string) => Number(s.replace(',', '.'));

/**
 * A typed reading as a number: "92", "98.6", "98,6" (a decimal comma, as Spanish writes it); a blood
 * pressure may be typed whole, "92/60", and the order's side of it is read (systolic first). undefined
 * for anything else.
 */
export function parseReading(vital: VitalSign, text: string): number | undefined {
  const v = text.trim();
  const bp = PRESSURE.exec(v);
  if (bp) {
    if (vital === 'SYSTOLIC_BP') return toNumber(bp[1]);
    if (vital === 'DIASTOLIC_BP') return toNumber(bp[2]);
    return undefined;
  }
  return NUMBER.test(v) ? toNumber(v) : undefined;
}

/** The dose of the sliding scale's row the reading falls in (from..to, inclusive); undefined when none. */
export function slidingScaleDose(scale: readonly SlidingScaleStep[] | undefined, value: number): string | undefined {
  let dose: string | undefined;
  // Rows do not overlap; like the server, the last row that matches wins.
  for (const step of scale ?? []) if (value >= step.from && value <= step.to) dose = step.dose;
  return dose;
}

/** What a typed reading means for a pass of the order. */
export type VitalCheck =
  /** The order takes no vital. */
  | { kind: 'none' }
  | { kind: 'empty' }
  | { kind: 'notNumber' }
  /** Outside the plausible range: a typing mistake. */
  | { kind: 'range'; min: number; max: number }
  /** Below or above the hold limit: the dose is held. */
  | { kind: 'holdBelow'; value: number; limit: number }
  | { kind: 'holdAbove'; value: number; limit: number }
  /** A sliding scale without a row for the reading: hold the dose and call the prescriber. */
  | { kind: 'noScaleRow'; value: number }
  /** Give; with a sliding scale, this dose. */
  | { kind: 'ok'; value: number; scaleDose?: string };

/** The reading checked against the order: plausible, inside its hold limits, its sliding scale's dose. */
export function checkVital(order: VitalOrder, text: string): VitalCheck {
  if (!order.vital) return { kind: 'none' };
  if (text.trim() === '') return { kind: 'empty' };
  const value = parseReading(order.vital, text);
  if (value === undefined) return { kind: 'notNumber' };
  const range = VITAL_RANGES[order.vital];
  if (range && (value < range[0] || value > range[1])) return { kind: 'range', min: range[0], max: range[1] };
  if (order.holdBelow != null && value < order.holdBelow) return { kind: 'holdBelow', value, limit: order.holdBelow };
  if (order.holdAbove != null && value > order.holdAbove) return { kind: 'holdAbove', value, limit: order.holdAbove };
  if (order.slidingScale?.length) {
    const scaleDose = slidingScaleDose(order.slidingScale, value);
    return scaleDose === undefined ? { kind: 'noScaleRow', value } : { kind: 'ok', value, scaleDose };
  }
  return { kind: 'ok', value };
}

/** The reading says this dose must not be given: it is held (and why is shown). */
export function mustHold(check: VitalCheck): boolean {
  return check.kind === 'holdBelow' || check.kind === 'holdAbove' || check.kind === 'noScaleRow';
}

/** A plausible reading to send (hold or not); undefined when there is none. */
export function readingValue(check: VitalCheck): number | undefined {
  switch (check.kind) {
    case 'holdBelow':
    case 'holdAbove':
    case 'noScaleRow':
    case 'ok':
      return check.value;
    default:
      return undefined;
  }
}

/** The order names a vital whose reading comes first (hold limits, a sliding scale, or both). */
export function takesVital(order: VitalOrder): boolean {
  return !!order.vital;
}
