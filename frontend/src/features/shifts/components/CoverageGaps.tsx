import { Callout, Intent } from '@blueprintjs/core';
import { TickCircleIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { WEEKDAY_KEYS } from '../shiftLabels';
import { weekday, type DayGap } from '../shiftRules';

interface Props {
  byDay: Record<string, DayGap[]>;
  hours: number;
  /** The names of the shift types by id (a gap says which shifts it is in). */
  typeNames: Record<string, string>;
}

/**
 * The week's hours with fewer caregivers on shift than needed, by day (a gap past midnight says it ends the
 * next day); shown beside the grid and again before publishing.
 */
export function CoverageGaps({ byDay, hours, typeNames }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const days = Object.keys(byDay).filter((d) => byDay[d].length > 0);
  if (days.length === 0)
    return (
      <Callout intent={Intent.SUCCESS} icon={<TickCircleIcon />} compact data-testid="coverage-none">
        {t('shifts.gaps.none')}
      </Callout>
    );
  return (
    <Callout intent={Intent.WARNING} icon={<WarningSignIcon />} compact data-testid="coverage-gaps">
      <p>
        <strong>{t('shifts.gaps.summary', { hours })}</strong>
      </p>
      <ul className="hearth-shift-gap-list">
        {days.map((day) => (
          <li key={day} data-testid="coverage-gap-day" data-day={day}>
            <strong>
              {t(WEEKDAY_KEYS[weekday(day)] ?? WEEKDAY_KEYS[0])} {formatCalendarDate(day, language)}
            </strong>
            <ul>
              {byDay[day].map((g) => {
                const from = formatTimeOfDay(g.startTime, language) || g.startTime;
                const to = formatTimeOfDay(g.endTime, language) || g.endTime;
                const names = g.shiftTypeIds.map((id) => typeNames[id]).filter(Boolean);
                return (
                  <li key={`${g.startTime}-${g.endTime}`} data-testid="coverage-gap">
                    {t(g.nextDay ? 'shifts.hours.rangeNextDay' : 'shifts.hours.range', { from, to })}
                    {': '}
                    {t('shifts.gaps.staffing', { assigned: g.assigned, required: g.required })}
                    {names.length > 0 ? ` · ${names.join(', ')}` : ` · ${t('shifts.gaps.noShift')}`}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </Callout>
  );
}
