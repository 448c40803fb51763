// Heights and weights: stored metric (centimetres, kilograms), shown and typed in the units the interface
// language's readers use — US customary (feet and inches, pounds) for en-US, metric otherwise.
// Factors are exact by definition (NIST Handbook 44 App. C: 1 in = 2.54 cm, 1 lb = 0.45359237 kg).

export type HeightUnit = 'CM' | 'IN';
export type WeightUnit = 'KG' | 'LB';

const CM_PER_IN = 2.54;
const KG_PER_LB = 0.45359237;

/** True when the language's readers measure people in feet, inches and pounds. */
export function usesUsUnits(language: string): boolean {
  return language === 'en-US';
}

export function heightUnitFor(language: string): HeightUnit {
  return usesUsUnits(language) ? 'IN' : 'CM';
}

export function weightUnitFor(language: string): WeightUnit {
  return usesUsUnits(language) ? 'LB' : 'KG';
}

/** A unit's symbol (international: the same in every language). */
export const UNIT_SYMBOLS = { CM: 'cm', IN: 'in', KG: 'kg', LB: 'lb', FT: 'ft' } as const;

/** One decimal place, as people write a measurement. */
export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Two decimal places, as a converted measurement is stored: 128 lb → 58.06 kg reads back as 128 lb. */
export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export function convertHeight(value: number, from: HeightUnit, to: HeightUnit): number {
  if (from === to) return value;
  return from === 'IN' ? value * CM_PER_IN : value / CM_PER_IN;
}

export function convertWeight(value: number, from: WeightUnit, to: WeightUnit): number {
  if (from === to) return value;
  return from === 'LB' ? value * KG_PER_LB : value / KG_PER_LB;
}

/** Whole inches as feet and inches: 62 → { feet: 5, inches: 2 }. */
export function feetAndInches(totalInches: number): { feet: number; inches: number } {
  const whole = Math.round(totalInches);
  return { feet: Math.floor(whole / 12), inches: whole % 12 };
}

function number(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
}

/** A height in the language's units: "5 ft 2 in" (en-US), "157,5 cm" (es-ES), "157.5 cm" (zh-CN). */
export function formatHeight(value: number, unit: HeightUnit, language: string): string {
  if (usesUsUnits(language)) {
    const { feet, inches } = feetAndInches(convertHeight(value, unit, 'IN'));
    return `${feet} ${UNIT_SYMBOLS.FT} ${inches} ${UNIT_SYMBOLS.IN}`;
  }
  return `${number(round1(convertHeight(value, unit, 'CM')), language)} ${UNIT_SYMBOLS.CM}`;
}

/** A weight in the language's units: "128 lb" (en-US), "58,1 kg" (es-ES). */
export function formatWeight(value: number, unit: WeightUnit, language: string): string {
  const to = weightUnitFor(language);
  return `${number(round1(convertWeight(value, unit, to)), language)} ${UNIT_SYMBOLS[to]}`;
}
