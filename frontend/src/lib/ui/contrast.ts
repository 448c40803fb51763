/** WCAG 2.x relative luminance of a #rgb or #rrggbb colour (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance). */
export function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two luminances. */
export function contrastRatio(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

// Black: white or a softer dark grey would leave mid-tones below 4.5:1 with both.
export const DARK_TEXT = '#000000';
export const LIGHT_TEXT = '#ffffff';

/**
 * White or black, whichever reads better on `background` (one of them always reaches 4.5:1):
 * initials on a staff member's own colour stay readable whatever colour was chosen.
 */
export function textOn(background: string): string {
  const bg = luminance(background);
  if (bg === null) return DARK_TEXT;
  const dark = luminance(DARK_TEXT) ?? 0;
  return contrastRatio(bg, 1) >= contrastRatio(bg, dark) ? LIGHT_TEXT : DARK_TEXT;
}
