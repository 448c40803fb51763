import { describe, expect, it } from 'vitest';
import { convertHeight, convertWeight, feetAndInches, formatHeight, formatWeight, heightUnitFor, round1, round2, weightUnitFor } from './measures';

describe('units by language', () => {
  it('uses feet, inches and pounds for en-US and metric otherwise', () => {
    expect([heightUnitFor('en-US'), weightUnitFor('en-US')]).toEqual(['IN', 'LB']);
    expect([heightUnitFor('es-ES'), weightUnitFor('es-ES')]).toEqual(['CM', 'KG']);
    expect([heightUnitFor('zh-CN'), weightUnitFor('zh-CN')]).toEqual(['CM', 'KG']);
  });
});

describe('conversion', () => {
  it('uses the exact factors', () => {
    expect(convertHeight(62, 'IN', 'CM')).toBeCloseTo(157.48, 10);
    expect(convertHeight(157.48, 'CM', 'IN')).toBeCloseTo(62, 10);
    expect(convertWeight(128, 'LB', 'KG')).toBeCloseTo(58.05982336, 8);
    expect(convertWeight(70, 'KG', 'KG')).toBe(70);
  });

  it('keeps a typed US value through a metric round trip', () => {
    const stored = round2(convertHeight(62, 'IN', 'CM'));
    expect(stored).toBe(157.48);
    expect(feetAndInches(convertHeight(stored, 'CM', 'IN'))).toEqual({ feet: 5, inches: 2 });
    expect(round2(convertWeight(128, 'LB', 'KG'))).toBe(58.06);
    expect(round1(convertWeight(58.06, 'KG', 'LB'))).toBe(128);
  });

  it('carries 12 inches into a foot', () => {
    expect(feetAndInches(71.8)).toEqual({ feet: 6, inches: 0 });
  });
});

describe('formatting', () => {
  it('shows a stored metric height in the reader’s units', () => {
    expect(formatHeight(157.5, 'CM', 'en-US')).toBe('5 ft 2 in');
    expect(formatHeight(157.5, 'CM', 'es-ES')).toBe('157,5 cm');
    expect(formatHeight(157.5, 'CM', 'zh-CN')).toBe('157.5 cm');
    // Records saved in inches before heights were stored metric read the same way.
    expect(formatHeight(62, 'IN', 'es-ES')).toBe('157,5 cm');
  });

  it('shows a weight in pounds or kilograms', () => {
    expect(formatWeight(58.1, 'KG', 'en-US')).toBe('128.1 lb');
    expect(formatWeight(128, 'LB', 'en-US')).toBe('128 lb');
    expect(formatWeight(128, 'LB', 'es-ES')).toBe('58,1 kg');
  });
});
