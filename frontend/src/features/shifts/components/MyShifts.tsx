import { useState } from 'react';
import { Button, Card, Callout, Spinner, Tag } from '@blueprintjs/core';
import { TimeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { MyShift } from '@/types/api.gen';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { useNow } from '@/lib/time/useNow';
import { useMyShifts } from '../api/schedule';
import { shiftHoursText, WEEKDAY_KEYS } from '../shiftLabels';
import { nextShift, shiftsByDay, weekday } from '../shiftRules';

/** Upcoming shifts shown before "Show all" (a phone keeps the rest of the page in reach). */
const SHOWN_FIRST = 5;

/**
 * My shifts (issue 19 "Caregiver view"): the signed-in caregiver's published shifts this week and next, by
 * day, the next one highlighted, with who else is on. Shown on /shift-report, which every caregiver has in
 * the menu. `hideWhenEmpty`: owners, who rarely work shifts, see the section only when they have one.
 */
export function MyShifts({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const now = useNow(60_000);
  const mine = useMyShifts();
  const [all, setAll] = useState(false);
  // Upcoming ones only: a shift that has ended is done with.
  const shifts = (mine.data?.shifts ?? []).filter((s) => !s.past && s.end > now);
  if (hideWhenEmpty && shifts.length === 0) return null;
  const next = nextShift(shifts, mine.data?.next ?? undefined, now);
  const shown = all ? shifts : [...shifts].sort((a, b) => a.start - b.start).slice(0, SHOWN_FIRST);
  const isNext = (s: MyShift) => next !== undefined && s.scheduleId === next.scheduleId && s.day === next.day;
  return (
    <section aria-labelledby="my-shifts-title" className="hearth-gap-bottom" data-testid="my-shifts">
      <SectionTitle id="my-shifts-title">{t('shifts.mine.title')}</SectionTitle>
      <QueryErrorBanner query={mine} />
      {mine.isPending ? (
        <Spinner size={20} />
      ) : shifts.length === 0 ? (
        <p className="hearth-muted">{t('shifts.mine.empty')}</p>
      ) : (
        <>
          {next ? (
            <Callout intent="primary" icon={<TimeIcon />} compact className="hearth-gap-bottom" data-testid="my-next-shift">
              {t('shifts.mine.next', {
                name: next.shiftTypeName,
                day: `${t(WEEKDAY_KEYS[weekday(next.day)] ?? WEEKDAY_KEYS[0])} ${formatCalendarDate(next.day, language)}`,
                hours: shiftHoursText(t, next.startTime, next.endTime, language),
              })}
            </Callout>
          ) : null}
          <ul className="hearth-my-shifts">
            {shiftsByDay(shown).map(({ day, shifts: list }) => (
              <li key={day}>
                <h3 className="hearth-my-shift-day">
                  {t(WEEKDAY_KEYS[weekday(day)] ?? WEEKDAY_KEYS[0])} {formatCalendarDate(day, language)}
                </h3>
                {list.map((s) => (
                  <Card
                    key={`${s.scheduleId}-${s.day}`}
                    compact
                    className={`hearth-my-shift${isNext(s) ? ' hearth-my-shift-next' : ''}`}
                    style={{ borderLeftColor: s.color }}
                    data-testid="my-shift"
                    data-next={isNext(s) ? 'true' : 'false'}
                    data-day={s.day}
                    data-shift={s.shiftTypeName}
                  >
                    <strong>{s.shiftTypeName}</strong> {isNext(s) ? <Tag intent="primary">{t('shifts.mine.nextTag')}</Tag> : null}
                    <div>{shiftHoursText(t, s.startTime, s.endTime, language)}</div>
                    {s.coworkers?.length ? <div className="hearth-muted">{t('shifts.mine.with', { names: s.coworkers.join(', ') })}</div> : null}
                  </Card>
                ))}
              </li>
            ))}
          </ul>
          {shifts.length > SHOWN_FIRST ? (
            <Button variant="minimal" intent="primary" onClick={() => setAll((a) => !a)} aria-expanded={all} data-testid="my-shifts-more">
              {all ? t('shifts.mine.fewer') : t('shifts.mine.all', { n: shifts.length })}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
