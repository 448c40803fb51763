import { NARROW_QUERY } from '@/lib/ui/useNarrow';

/**
 * The parts of the signed-in layout that only wide screens show at once: the sidebar (with Blueprint's tooltips,
 * so its popover and floating-ui code) and the header's actions (settings popover, facility switcher, sign out
 * and its confirmation). On a phone they are in the menu drawer, which loads when it is first opened, so a
 * phone's first page neither loads nor evaluates them (docs/performance.md "Rendering less on start").
 */
export const loadSidebar = () => import('./Sidebar');
export const loadHeaderActions = () => import('./HeaderActions');

/** On a wide screen, starts loading the wide parts with the layout (the guard calls it while the menu is asked). */
export function preloadWideParts(): void {
  if (typeof window === 'undefined' || window.matchMedia(NARROW_QUERY).matches) return;
  loadSidebar().catch(() => undefined);
  loadHeaderActions().catch(() => undefined);
}
