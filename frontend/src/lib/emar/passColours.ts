// How the eMAR paints a pass (shared.PassColour): a light tint with dark words for tags and counts, and a
// stronger stripe for an item's edge. Colour is never alone: every tag has an icon and words.
import type { PassColour, PassStatus } from '@/types/api.gen';
import { statusColour } from './passClock';

export interface PassPalette {
  /** Behind the words of a tag or count. */
  background: string;
  /** The words: at least 4.5:1 on the background (passColours.test.ts). */
  text: string;
  /** An item's left edge and a count's mark. */
  stripe: string;
}

export const PASS_PALETTE: Record<string, PassPalette> = {
  GREY: { background: '#edeff2', text: '#383e47', stripe: '#738091' },
  BLUE: { background: '#e1ecfb', text: '#184a90', stripe: '#2d72d2' },
  YELLOW: { background: '#fcefc5', text: '#5c4405', stripe: '#d1980b' },
  RED: { background: '#fbe3e3', text: '#8e292c', stripe: '#cd4246' },
  GREEN: { background: '#dcf1e4', text: '#165a36', stripe: '#238551' },
  ORANGE: { background: '#fde7d5', text: '#77450d', stripe: '#c87619' },
};

/** The colours in the order the day's counts list them: to do, then done. */
export const PASS_COLOURS: readonly PassColour[] = ['RED', 'YELLOW', 'BLUE', 'GREY', 'GREEN', 'ORANGE'];

/** A status's colour (GREY for one this UI does not know), as the server paints them (shared/passclock.go). */
export function colourOfStatus(status: PassStatus | undefined): PassColour {
  return statusColour(status);
}

/** A colour's palette (GREY's for one this UI does not know). */
export function paletteOf(colour: PassColour | undefined): PassPalette {
  return (colour && PASS_PALETTE[colour]) || PASS_PALETTE.GREY;
}
