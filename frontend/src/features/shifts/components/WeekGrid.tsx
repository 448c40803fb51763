import { Checkbox } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { WEEKDAY_KEYS } from '../shiftLabels';
import { isPastDay, weekday, type WeekPlan } from '../shiftRules';

export interface GridCaregiver {
  caregiverId: string;
  name: string;
  color: string;
  /** Not enabled: shown only where already assigned, and cannot be added. */
  disabled: boolean;
}

interface Props {
  days: string[];
  today: string;
  caregivers: GridCaregiver[];
  plan: WeekPlan;
  minStaff: number;
  /** The whole week cannot change (a past week, a user who only reads). */
  readOnly: boolean;
  onToggle: (day: string, caregiverId: string) => void;
}

/**
 * The week as caregivers (rows, in their colours) × days (Sunday to Saturday): a tick puts the caregiver on
 * the shift that day. Days before today are read-only; the last row counts each day against the minimum
 * staff. On a phone the table scrolls sideways inside its box, the names staying in view.
 */
export function WeekGrid({ days, today, caregivers, plan, minStaff, readOnly, onToggle }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const dayLabel = (day: string) => `${t(WEEKDAY_KEYS[weekday(day)] ?? WEEKDAY_KEYS[0])} ${formatCalendarDate(day, language)}`;
  return (
    <div className="hearth-table-scroll hearth-week-grid" tabIndex={0} role="region" aria-label={t('shifts.schedule.gridLabel')} data-testid="week-grid">
      <table className="bp6-html-table bp6-compact">
        <thead>
          <tr>
            <th scope="col" className="hearth-week-name">
              {t('shifts.schedule.caregiver')}
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className={isPastDay(day, today) ? 'hearth-week-past' : day === today ? 'hearth-week-today' : undefined}>
                <span className="hearth-week-day">{t(WEEKDAY_KEYS[weekday(day)] ?? WEEKDAY_KEYS[0])}</span>
                <span className="hearth-week-date">{formatCalendarDate(day, language)}</span>
                {isPastDay(day, today) ? <span className="hearth-week-note">{t('shifts.schedule.past')}</span> : null}
                {day === today ? <span className="hearth-week-note">{t('shifts.schedule.today')}</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {caregivers.map((c) => (
            <tr key={c.caregiverId} data-testid="week-grid-row" data-name={c.name}>
              <th scope="row" className="hearth-week-name">
                <span className="hearth-shift-swatch" style={{ background: c.color }} aria-hidden="true" /> {c.name}
              </th>
              {days.map((day) => {
                const on = (plan[day] ?? []).includes(c.caregiverId);
                const locked = readOnly || isPastDay(day, today) || (c.disabled && !on);
                return (
                  <td key={day} className={on ? 'hearth-week-on' : undefined} style={on ? { boxShadow: `inset 4px 0 0 ${c.color}` } : undefined}>
                    <Checkbox
                      className="hearth-week-check"
                      checked={on}
                      disabled={locked}
                      aria-label={t('shifts.schedule.cellLabel', { name: c.name, day: dayLabel(day) })}
                      data-testid="week-grid-cell"
                      data-day={day}
                      onChange={() => onToggle(day, c.caregiverId)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="hearth-week-name">
              {t('shifts.schedule.staffed', { min: minStaff })}
            </th>
            {days.map((day) => {
              const n = (plan[day] ?? []).length;
              return (
                <td key={day} className={n < minStaff ? 'hearth-shift-short' : undefined} data-testid="week-grid-count" data-day={day}>
                  {n < minStaff ? t('shifts.schedule.countShort', { n, min: minStaff }) : n}
                </td>
              );
            })}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
