import { useEffect, useId, useRef } from 'react';
import { TimeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { KioskCaregiver } from '@/types/api.gen';
import { gridMove, nextByLetter } from '../../kioskKeys';
import { CaregiverFace } from './CaregiverFace';

/** How many buttons share the first row (the grid wraps with the window's width). */
function columnsOf(buttons: HTMLElement[]): number {
  if (buttons.length === 0) return 1;
  const top = buttons[0].offsetTop;
  const n = buttons.filter((b) => b.offsetTop === top).length;
  return Math.max(1, n);
}

/**
 * The start screen's big name buttons. Keyboard path (the X11 journey follows it): from the start screen,
 * Tab or any arrow key focuses the first name, a letter focuses the next name starting with it; arrows
 * move in the grid, Home/End jump; Enter (or Space) picks the focused name. Each button's accessible name
 * is the caregiver's name alone; "On shift" is its description. Test ids: kiosk-caregiver (data-name).
 */
export function CaregiverGrid({ caregivers, onPick, keysActive }: { caregivers: KioskCaregiver[]; onPick: (c: KioskCaregiver) => void; keysActive: boolean }) {
  const { t } = useTranslation();
  const idBase = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!keysActive) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      const buttons = refs.current.filter((b): b is HTMLButtonElement => b !== null);
      const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
      let next = gridMove(current, e.key, buttons.length, columnsOf(buttons));
      if (next === null && e.key.length === 1) {
        const i = nextByLetter(
          caregivers.map((c) => c.name),
          e.key,
          current,
        );
        next = i >= 0 ? i : null;
      }
      if (next === null) return;
      e.preventDefault();
      buttons[next]?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [caregivers, keysActive]);

  return (
    <ul className="hearth-kiosk-grid" aria-label={t('desktop.kiosk.pick')}>
      {caregivers.map((c, i) => {
        const shiftId = `${idBase}-shift-${i}`;
        return (
          <li key={c.caregiverId}>
            <button
              type="button"
              ref={(el) => {
                refs.current[i] = el;
              }}
              className="hearth-kiosk-person"
              data-testid="kiosk-caregiver"
              data-name={c.name}
              data-on-shift={c.onShift ? 'yes' : 'no'}
              aria-describedby={c.onShift ? shiftId : undefined}
              onClick={() => onPick(c)}
            >
              <CaregiverFace name={c.name} avatarUrl={c.avatarUrl} color={c.color} size={96} />
              <span className="hearth-kiosk-name">{c.name}</span>
              {c.onShift ? (
                // Read as the button's description, not as part of its name (which is the caregiver's name).
                <span className="hearth-kiosk-onshift" id={shiftId} aria-hidden="true">
                  <TimeIcon aria-hidden /> {t('desktop.kiosk.onShift')}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
