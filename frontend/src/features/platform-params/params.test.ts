import { describe, expect, it } from 'vitest';
import { validParamValue } from './api/params';

describe('validParamValue', () => {
  it('checks whole numbers against their bounds', () => {
    const p = { kind: 'INT' as const, min: 10, max: 3600 };
    expect(validParamValue(p, '10')).toBe(true);
    expect(validParamValue(p, '9')).toBe(false);
    expect(validParamValue(p, '3601')).toBe(false);
    expect(validParamValue(p, '1.5')).toBe(false);
  });
  it('takes true or false only', () => {
    expect(validParamValue({ kind: 'BOOL', min: 0, max: 0 }, 'true')).toBe(true);
    expect(validParamValue({ kind: 'BOOL', min: 0, max: 0 }, 'yes')).toBe(false);
  });
  it('counts characters, not bytes', () => {
    expect(validParamValue({ kind: 'TEXT', min: 0, max: 2 }, '电话')).toBe(true);
    expect(validParamValue({ kind: 'TEXT', min: 0, max: 2 }, '电话号')).toBe(false);
  });
});
