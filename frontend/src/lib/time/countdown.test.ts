import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './countdown';

describe('countdown', () => {
  it('writes minutes and seconds', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0.2)).toBe('0:01');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('counts whole seconds left, never below 0', () => {
    const now = 1_780_000_000_000;
    expect(secondsLeft(now + 59_001, now)).toBe(60);
    expect(secondsLeft(now - 5, now)).toBe(0);
  });
});
