import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmarColourCount } from '@/types/api.gen';
import { PASS_COLOUR_KEYS } from '@/lib/emar/emarLabels';
import { PASS_COLOURS, paletteOf } from '@/lib/emar/passColours';
import './emar.css';

/** A day's passes per colour (listMedicationLog's counts, emarsStatusColourCount), overdue first. */
export function ColourCounts({ counts, title }: { counts: EmarColourCount; title?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="hearth-colour-counts" aria-labelledby={id} data-testid="emar-colour-counts">
      <h2 id={id} className="hearth-sr-only">
        {title ?? t('care.emar.counts.title')}
      </h2>
      <ul>
        {PASS_COLOURS.map((colour) => {
          const palette = paletteOf(colour);
          const count = counts[colour.toLowerCase() as keyof EmarColourCount] ?? 0;
          return (
            <li
              key={colour}
              style={{ backgroundColor: palette.background, color: palette.text, borderColor: palette.stripe }}
              data-testid="emar-colour-count"
              data-colour={colour}
              data-count={count}
            >
              <strong>{count}</strong> <span>{t(PASS_COLOUR_KEYS[colour as keyof typeof PASS_COLOUR_KEYS])}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
