import { describe, expect, it } from 'vitest';
import { isAcceptablePassword, passwordProblems } from './passwordRule';

describe('password rule (spec 000 §5)', () => {
  it.each(['Demo@2026x', 'Abcdefg1#', 'Aa1@aaaa', 'Xy9+' + 'z'.repeat(26)])('accepts %s', (pw) => {
    expect(passwordProblems(pw)).toEqual([]);
    expect(isAcceptablePassword(pw)).toBe(true);
  });

  it.each([
    ['', ['length', 'upper', 'lower', 'digit', 'symbol']],
    ['Aa1@aaa', ['length']],
    ['Aa1@' + 'a'.repeat(27), ['length']],
    ['demo@2026x', ['upper']],
    ['DEMO@2026X', ['lower']],
    ['Demo@abcdx', ['digit']],
    ['Demo!2026x', ['symbol']],
    ['Demo 2026x', ['symbol']],
  ])('%s breaks %o', (pw, problems) => {
    expect(passwordProblems(pw)).toEqual(problems);
  });

  it.each(['@', '#', '$', '%', '^', '&', '+', '='])('accepts the symbol %s', (s) => {
    expect(isAcceptablePassword(`Abcdefg1${s}`)).toBe(true);
  });
});
