// Moving between the big name buttons of the kiosk's start screen with the keyboard (issue 6): arrow keys
// move in the grid, Home/End jump, and a letter focuses the next name that starts with it.

/** The index the focus moves to, or null when the key is not a move. Stays inside the grid (no wrap). */
export function gridMove(index: number, key: string, count: number, columns: number): number | null {
  if (count <= 0) return null;
  const cols = Math.max(1, columns);
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  if (index < 0) return ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home'].includes(key) ? 0 : key === 'End' ? count - 1 : null;
  switch (key) {
    case 'ArrowRight':
      return clamp(index + 1);
    case 'ArrowLeft':
      return clamp(index - 1);
    case 'ArrowDown':
      return index + cols < count ? index + cols : index;
    case 'ArrowUp':
      return index - cols >= 0 ? index - cols : index;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The next name after `from` (wrapping) whose first letter is `letter`, case- and accent-insensitive; -1 for none. */
export function nextByLetter(names: readonly string[], letter: string, from: number): number {
  if (!/^\p{L}$/u.test(letter)) return -1;
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const want = fold(letter);
  for (let step = 1; step <= names.length; step++) {
    const i = (((from + step) % names.length) + names.length) % names.length;
    if (fold(names[i].trim().charAt(0)) === want) return i;
  }
  return -1;
}

/** Initials for a caregiver without a photo: the first letters of the first two words. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toLocaleUpperCase())
    .join('');
}
