import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_TEXT, LIGHT_TEXT, luminance, textOn } from './contrast';

describe('textOn (initials on a staff colour)', () => {
  it.each([
    ['#27ae60', DARK_TEXT], // a demo caregiver's green: white on it is only 2.87:1
    ['#5c6bc0', LIGHT_TEXT],
    ['#1c2127', LIGHT_TEXT],
    ['#ffc940', DARK_TEXT],
    ['#8f99a8', DARK_TEXT],
    ['not a colour', DARK_TEXT],
  ])('%s → %s', (bg, want) => {
    expect(textOn(bg)).toBe(want);
  });

  it('always reaches 4.5:1 (WCAG AA for normal text)', () => {
    for (let v = 0; v < 256; v += 5) {
      const hex = `#${[v, 255 - v, (v * 7) % 256].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
      const bg = luminance(hex) ?? 0;
      const fg = luminance(textOn(hex)) ?? 0;
      expect(contrastRatio(bg, fg)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
