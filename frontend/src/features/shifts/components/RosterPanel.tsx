import { useState } from 'react';
import { Button, Callout, Checkbox, DialogBody, DialogFooter, Intent, Spinner, Tag } from '@blueprintjs/core';
import { TitledCallout } from '@/components/TitledCallout';
import { EmptyState } from '@/components/EmptyState';
import { ChevronLeftIcon, ChevronRightIcon, DuplicateIcon, SendMessageIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SaveScheduleRequest, ShiftConflict, WeekSchedule } from '@/types/api.gen';
import { CodeNotFound, CodeValidation, ShiftWeekHoursMax, UserDisabled } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { shiftKey } from '../api/keys';
import { copyLastWeekQuiet, publishSchedule, saveSchedule, useWeekSchedule } from '../api/schedule';
import { useStaffOptions } from '../api/staffOptions';
import { CONFLICT_KEYS, WEEKDAY_KEYS, labelOf, minutesText, shiftHoursText } from '../shiftLabels';
import { addDays, gapsByDay, isPastDay, isPastWeek, isSunday, refusalMessages, sundayChoices, weekDays, weekday } from '../shiftRules';
import { cellKey, conflictsByCell, draftSchedules, gapHoursByDay, isOn, rosterCells, toggleRequest, typesWithoutWeek, weekMinutes } from '../rosterRules';
import { CoverageGaps } from './CoverageGaps';

const WEEKS_BACK = 4;
const WEEKS_AHEAD = 12;

interface Row {
  caregiverId: string;
  name: string;
  color: string;
  disabled: boolean;
}

/**
 * The roster (issue 29): the week as staff × days across every shift type. A cell shows the caregiver's shifts
 * that day and the server's conflicts (leave, overlap, credential, over 40 hours); a tap opens the day's shift
 * types to put the caregiver on or off (each a save of that type's week, no name needed). The last row marks
 * the hours short of the minimum staff; "Copy last week" fills the types without a week, "Publish week"
 * publishes every draft after showing the gaps.
 */
export function RosterPanel() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const asked = params.get('week') ?? '';
  const week = useWeekSchedule(isSunday(asked) ? asked : '');
  const staff = useStaffOptions();
  const [open, setOpen] = useState<{ caregiverId: string; day: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [skipped, setSkipped] = useState<ShiftConflict[]>([]);

  const toggle = useAppMutation({
    mutationFn: (req: SaveScheduleRequest) => saveSchedule(req),
    invalidates: [shiftKey],
    success: 'shifts.done.rosterSaved',
  });
  const copy = useAppMutation({
    mutationFn: async (w: WeekSchedule) => {
      const out: ShiftConflict[] = [];
      for (const type of typesWithoutWeek(w)) {
        try {
          const r = await copyLastWeekQuiet({ shiftTypeId: type.shiftTypeId, weekStart: w.weekStart });
          out.push(...(r.skipped ?? []));
        } catch (err) {
          // A type with nothing last week is left empty; any other refusal stops the copy.
          if (!(isApiError(err) && err.code === CodeNotFound)) throw err;
        }
      }
      return out;
    },
    invalidates: [shiftKey],
    success: 'shifts.done.weekCopied',
    onSuccess: (out: ShiftConflict[]) => setSkipped(out),
  });
  const publish = useAppMutation({
    mutationFn: async (w: WeekSchedule) => {
      for (const s of draftSchedules(w)) await publishSchedule({ scheduleId: s.scheduleId, version: s.version });
    },
    invalidates: [shiftKey],
    success: 'shifts.done.weekPublished',
    onSettled: () => setConfirming(false),
  });

  const data = week.data;
  if (week.isPending) return <Spinner size={24} />;
  if (!data) return <QueryErrorBanner query={week} />;

  const sunday = data.weekStart;
  const today = data.today;
  const days = weekDays(sunday);
  const cells = rosterCells(data);
  const conflicts = conflictsByCell(data.conflicts);
  const minutes = weekMinutes(data);
  const shortHours = gapHoursByDay(data.gaps, days);
  const gaps = gapsByDay(data.gaps ?? [], days);
  const typeNames = Object.fromEntries((data.shiftTypes ?? []).map((s) => [s.shiftTypeId, s.name]));
  const drafts = draftSchedules(data);
  const toCopy = typesWithoutWeek(data);
  const pastWeek = isPastWeek(sunday, today);
  const rows: Row[] = (() => {
    const out = new Map<string, Row>();
    for (const c of staff.data ?? []) if (c.status !== UserDisabled) out.set(c.caregiverId, { caregiverId: c.caregiverId, name: c.name, color: c.color, disabled: false });
    for (const s of data.schedules ?? [])
      for (const a of s.assignments ?? [])
        for (const c of a.caregivers ?? [])
          if (!out.has(c.caregiverId)) out.set(c.caregiverId, { caregiverId: c.caregiverId, name: c.name, color: c.color, disabled: true });
    return [...out.values()].sort((a, b) => a.name.localeCompare(b.name, language));
  })();
  const dayName = (day: string) => t(WEEKDAY_KEYS[weekday(day)] ?? WEEKDAY_KEYS[0]);
  const dayLabel = (day: string) => `${dayName(day)} ${formatCalendarDate(day, language)}`;
  const goWeek = (s: string) => {
    setSkipped([]);
    toggle.reset();
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('week', s);
      return next;
    }, { replace: true });
  };
  const openRow = open ? rows.find((r) => r.caregiverId === open.caregiverId) : undefined;
  const refused = !toggle.isPending && isApiError(toggle.error) && toggle.error.code === CodeValidation ? refusalMessages(toggle.error.data, toggle.error.message) : [];
  const allConflicts = data.conflicts ?? [];

  return (
    <div className="hearth-roster" data-testid="roster" data-week={sunday}>
      <div className="hearth-shift-week-bar">
        <Button icon={<ChevronLeftIcon />} aria-label={t('shifts.schedule.previousWeek')} onClick={() => goWeek(addDays(sunday, -7))} />
        <label htmlFor="roster-week" className="hearth-sr-only">
          {t('shifts.schedule.week')}
        </label>
        <Select id="roster-week" value={sunday} onChange={(e) => goWeek(e.currentTarget.value)} data-testid="roster-week">
          {sundayChoices(today, WEEKS_BACK, WEEKS_AHEAD, sunday).map((s) => (
            <option key={s} value={s}>
              {t('shifts.schedule.weekOf', { from: formatCalendarDate(s, language), to: formatCalendarDate(addDays(s, 6), language) })}
            </option>
          ))}
        </Select>
        <Button icon={<ChevronRightIcon />} aria-label={t('shifts.schedule.nextWeek')} onClick={() => goWeek(addDays(sunday, 7))} />
        <Tag large intent={drafts.length > 0 ? Intent.WARNING : (data.schedules ?? []).length > 0 ? Intent.SUCCESS : Intent.NONE} data-testid="roster-status">
          {drafts.length > 0
            ? t('shifts.roster.drafts', { n: drafts.length })
            : (data.schedules ?? []).length > 0
              ? t('shifts.schedule.published')
              : t('shifts.schedule.none')}
        </Tag>
      </div>
      {week.isFetching ? <Spinner size={16} className="hearth-roster-busy" /> : null}
      <QueryErrorBanner query={week} />
      <QueryErrorBanner query={staff} />

      {!pastWeek ? (
        <div className="hearth-shift-buttons">
          {toCopy.length > 0 ? (
            <Button icon={<DuplicateIcon />} loading={copy.isPending} onClick={() => copy.mutate(data)} data-testid="roster-copy">
              {t('shifts.schedule.copyLastWeek')}
            </Button>
          ) : null}
          <Button icon={<SendMessageIcon />} intent={Intent.SUCCESS} disabled={drafts.length === 0} onClick={() => setConfirming(true)} data-testid="roster-publish">
            {t('shifts.roster.publishWeek')}
          </Button>
        </div>
      ) : (
        <Callout className="hearth-gap-bottom" data-testid="roster-read-only">
          {t('shifts.schedule.pastWeek')}
        </Callout>
      )}
      {skipped.length > 0 ? (
        <TitledCallout level={2} intent={Intent.PRIMARY} className="hearth-gap-bottom" title={t('shifts.schedule.skippedTitle')} data-testid="roster-skipped">
          <ul>
            {skipped.map((c) => (
              <li key={`${c.caregiverId}-${c.day}-${c.kind}-${c.shiftTypeId}`}>{c.message}</li>
            ))}
          </ul>
        </TitledCallout>
      ) : null}
      {allConflicts.length > 0 ? (
        <TitledCallout level={2} intent={Intent.WARNING} className="hearth-gap-bottom" title={t('shifts.schedule.conflictsTitle')} data-testid="roster-conflicts">
          <ul>
            {allConflicts.map((c) => (
              <li key={`${c.caregiverId}-${c.day}-${c.kind}-${c.shiftTypeId}`} data-kind={c.kind}>
                <Tag minimal>{labelOf(t, CONFLICT_KEYS, c.kind)}</Tag> {c.message}
              </li>
            ))}
          </ul>
        </TitledCallout>
      ) : null}

      {rows.length === 0 && !staff.isPending ? (
        <EmptyState title={t('shifts.schedule.noStaff')} />
      ) : (data.shiftTypes ?? []).length === 0 ? (
        <EmptyState title={t('shifts.roster.noTypes')} description={t('shifts.roster.noTypesHint')} />
      ) : (
        <div className="hearth-table-scroll hearth-week-grid hearth-roster-grid" tabIndex={0} role="region" aria-label={t('shifts.roster.gridLabel')} data-testid="roster-grid">
          <table className="bp6-html-table bp6-compact">
            <thead>
              <tr>
                <th scope="col" className="hearth-week-name">
                  {t('shifts.schedule.caregiver')}
                </th>
                {days.map((day) => (
                  <th key={day} scope="col" className={isPastDay(day, today) ? 'hearth-week-past' : day === today ? 'hearth-week-today' : undefined}>
                    <span className="hearth-week-day">{dayName(day)}</span>
                    <span className="hearth-week-date">{formatCalendarDate(day, language)}</span>
                    {day === today ? <span className="hearth-week-note">{t('shifts.schedule.today')}</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const mins = minutes.get(r.caregiverId) ?? 0;
                const over = mins > ShiftWeekHoursMax * 60;
                return (
                  <tr key={r.caregiverId} data-testid="roster-row" data-name={r.name}>
                    <th scope="row" className="hearth-week-name">
                      <span className="hearth-shift-swatch" style={{ background: r.color }} aria-hidden="true" /> {r.name}
                      <span className={over ? 'hearth-roster-hours hearth-shift-short' : 'hearth-roster-hours'} data-testid="roster-hours">
                        {over ? t('shifts.roster.overHours', { hours: minutesText(t, mins), max: ShiftWeekHoursMax }) : minutesText(t, mins)}
                      </span>
                    </th>
                    {days.map((day) => {
                      const list = cells.get(cellKey(r.caregiverId, day)) ?? [];
                      const warn = conflicts.get(cellKey(r.caregiverId, day)) ?? [];
                      const locked = pastWeek || isPastDay(day, today) || r.disabled;
                      const names = list.map((s) => s.name).join(', ');
                      return (
                        <td key={day} className={warn.length > 0 ? 'hearth-roster-cell hearth-roster-conflict' : 'hearth-roster-cell'} data-testid="roster-cell" data-day={day} data-shifts={names}>
                          <button
                            type="button"
                            className="hearth-roster-button"
                            disabled={locked}
                            onClick={() => {
                              toggle.reset();
                              setOpen({ caregiverId: r.caregiverId, day });
                            }}
                            aria-label={t('shifts.roster.cellLabel', {
                              name: r.name,
                              day: dayLabel(day),
                              shifts: names || t('shifts.roster.off'),
                            })}
                          >
                            {list.map((s) => (
                              <span key={s.shiftTypeId} className={s.published ? 'hearth-roster-chip' : 'hearth-roster-chip hearth-roster-chip-draft'} style={{ borderColor: s.color }}>
                                {s.name}
                              </span>
                            ))}
                            {warn.length > 0 ? <WarningSignIcon className="hearth-roster-warn" /> : null}
                            {list.length === 0 && !locked ? <span className="hearth-roster-add" aria-hidden="true">+</span> : null}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="hearth-week-name">
                  {t('shifts.roster.gapsRow')}
                </th>
                {days.map((day) => (
                  <td key={day} className={shortHours[day] > 0 ? 'hearth-shift-short' : undefined} data-testid="roster-gap" data-day={day}>
                    {shortHours[day] > 0 ? t('shifts.roster.hoursShort', { n: shortHours[day] }) : t('shifts.roster.covered')}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}

      {open && openRow ? (
        <AppDialog title={t('shifts.roster.dialogTitle', { name: openRow.name, day: dayLabel(open.day) })} onClose={() => setOpen(null)} className="hearth-shift-dialog">
          <DialogBody>
            <fieldset className="hearth-roster-types" data-testid="roster-dialog">
              <legend className="hearth-sr-only">{t('shifts.roster.typesLegend')}</legend>
              {(data.shiftTypes ?? []).map((type) => {
                const on = isOn(data, type.shiftTypeId, open.day, open.caregiverId);
                return (
                  <Checkbox
                    key={type.shiftTypeId}
                    large
                    checked={on}
                    disabled={toggle.isPending || (!type.active && !on)}
                    data-testid="roster-type"
                    data-type={type.name}
                    onChange={() => toggle.mutate(toggleRequest(data, type.shiftTypeId, open.day, open.caregiverId))}
                    labelElement={
                      <span>
                        <span className="hearth-shift-swatch" style={{ background: type.color }} aria-hidden="true" /> <strong>{type.name}</strong>{' '}
                        <span className="hearth-muted">{shiftHoursText(t, type.startTime, type.endTime, language)}</span>
                      </span>
                    }
                  />
                );
              })}
            </fieldset>
            {(conflicts.get(cellKey(open.caregiverId, open.day)) ?? []).map((c) => (
              <Callout key={`${c.kind}-${c.shiftTypeId}`} intent={Intent.WARNING} compact className="hearth-gap-top">
                {c.message}
              </Callout>
            ))}
            {refused.length > 0 ? (
              <Callout intent={Intent.DANGER} role="alert" compact className="hearth-gap-top" data-testid="roster-refused">
                {refused.map((r) => (
                  <p key={r.message}>{r.message}</p>
                ))}
              </Callout>
            ) : null}
          </DialogBody>
          <DialogFooter actions={<Button onClick={() => setOpen(null)} data-testid="roster-done">{t('shifts.roster.done')}</Button>} />
        </AppDialog>
      ) : null}

      {confirming ? (
        <AppDialog title={t('shifts.publish.title')} onClose={() => setConfirming(false)} className="hearth-shift-dialog">
          <DialogBody>
            <p>{t('shifts.roster.publishQuestion', { n: drafts.length, week: dayLabel(sunday) })}</p>
            <CoverageGaps byDay={gaps.byDay} hours={gaps.hours} typeNames={typeNames} />
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button onClick={() => setConfirming(false)}>{t('common.action.cancel')}</Button>
                <Button intent={Intent.SUCCESS} loading={publish.isPending} onClick={() => publish.mutate(data)} data-testid="roster-publish-confirm">
                  {t(gaps.hours > 0 ? 'shifts.publish.withGaps' : 'shifts.publish.confirm')}
                </Button>
              </>
            }
          />
        </AppDialog>
      ) : null}
    </div>
  );
}
