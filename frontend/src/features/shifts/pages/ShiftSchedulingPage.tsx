import { useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, InputGroup, Intent, Spinner, Tag } from '@blueprintjs/core';
import { TitledCallout } from '@/components/TitledCallout';
import { EmptyState } from '@/components/EmptyState';
import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon, DuplicateIcon, FloppyDiskIcon, RefreshIcon, SendMessageIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ScheduleResult, ShiftConflict } from '@/types/api.gen';
import { CodeConflict, CodeValidation, ScheduleNameMax, SchedulePublished, UserDisabled } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { Select } from '@/components/Select';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { shiftKey } from '../api/keys';
import { copyLastWeek, publishSchedule, saveSchedule, useWeekSchedule } from '../api/schedule';
import { useStaffOptions } from '../api/staffOptions';
import { CoverageGaps } from '../components/CoverageGaps';
import { WeekGrid, type GridCaregiver } from '../components/WeekGrid';
import { CONFLICT_KEYS, labelOf, shiftHoursText } from '../shiftLabels';
import {
  addDays,
  changedDays,
  gapsByDay,
  isPastWeek,
  isSunday,
  refusalMessages,
  scheduleDraft,
  scheduleRequest,
  sundayChoices,
  toggleAssignment,
  validateSchedule,
  weekDays,
  type ScheduleDraft,
  type ScheduleErrors,
} from '../shiftRules';
import '../shifts.css';

/** Weeks the picker offers around this one. */
const WEEKS_BACK = 4;
const WEEKS_AHEAD = 12;

/**
 * /shift-management/shift-scheduling/{shiftTypeId} (spec 000 §2, §5 "Shift"): one shift type's week, Sunday
 * to Saturday, with the caregivers ticked per day. Past days are read-only; the server refuses conflicts
 * (leave, overlap, a disabled caregiver, an overdue credential) with their words; the week's coverage gaps
 * are shown here and again before Publish; a week changed by someone else meanwhile (4009) asks for a reload.
 */
export default function ShiftSchedulingPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const message = useRuleMessage();
  const { shiftTypeId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('week') ?? '';
  const week = useWeekSchedule(isSunday(asked) ? asked : '');
  const staff = useStaffOptions();
  const data = week.data;
  const sunday = data?.weekStart ?? '';
  const today = data?.today ?? '';
  const type = data?.shiftTypes.find((s) => s.shiftTypeId === shiftTypeId);
  const schedule = data?.schedules.find((s) => s.shiftTypeId === shiftTypeId);
  const days = sunday ? weekDays(sunday) : [];
  const defaultName = type && sunday ? t('shifts.schedule.defaultName', { name: type.name, date: formatCalendarDate(sunday, language) }) : '';

  // The draft follows the server's week until the owner edits it; a new version (a save, a reload) resets it.
  const [reloads, setReloads] = useState(0);
  const basis = `${sunday}|${schedule?.scheduleId ?? ''}|${schedule?.version ?? 0}|${defaultName}|${reloads}`;
  const [state, setState] = useState<{ basis: string; draft: ScheduleDraft | null }>({ basis: '', draft: null });
  if (sunday && state.basis !== basis) setState({ basis, draft: scheduleDraft(sunday, schedule, defaultName) });
  const draft = state.basis === basis ? state.draft : null;
  const saved = sunday ? scheduleDraft(sunday, schedule, defaultName).plan : {};
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [stale, setStale] = useState(false);
  const [skipped, setSkipped] = useState<ShiftConflict[]>([]);
  const [confirming, setConfirming] = useState(false);

  const onConflict = (err: Error) => {
    if (isApiError(err) && err.code === CodeConflict) setStale(true);
  };
  const save = useAppMutation({
    mutationFn: (d: ScheduleDraft) => saveSchedule(scheduleRequest(d, shiftTypeId, schedule)),
    invalidates: [shiftKey],
    success: 'shifts.done.scheduleSaved',
    onError: onConflict,
  });
  const copy = useAppMutation({
    mutationFn: () => copyLastWeek({ shiftTypeId, weekStart: sunday }),
    invalidates: [shiftKey],
    success: 'shifts.done.weekCopied',
    onSuccess: (r: ScheduleResult) => setSkipped(r.skipped ?? []),
    onError: onConflict,
  });
  const publish = useAppMutation({
    mutationFn: () => publishSchedule({ scheduleId: schedule?.scheduleId ?? '', version: schedule?.version ?? 0 }),
    invalidates: [shiftKey],
    success: 'shifts.done.published',
    onSettled: () => setConfirming(false),
    onError: onConflict,
  });

  const caregivers: GridCaregiver[] = (() => {
    const out = new Map<string, GridCaregiver>();
    for (const c of staff.data ?? [])
      if (c.status !== UserDisabled) out.set(c.caregiverId, { caregiverId: c.caregiverId, name: c.name, color: c.color, disabled: false });
    for (const a of schedule?.assignments ?? [])
      for (const c of a.caregivers ?? [])
        if (!out.has(c.caregiverId)) out.set(c.caregiverId, { caregiverId: c.caregiverId, name: c.name, color: c.color, disabled: true });
    return [...out.values()].sort((a, b) => a.name.localeCompare(b.name, language));
  })();

  const gaps = gapsByDay(data?.gaps ?? [], days, shiftTypeId);
  const typeNames = Object.fromEntries((data?.shiftTypes ?? []).map((s) => [s.shiftTypeId, s.name]));
  const conflicts = (data?.conflicts ?? []).filter((c) => c.shiftTypeId === shiftTypeId);
  const refused = !save.isPending && isApiError(save.error) && save.error.code === CodeValidation ? refusalMessages(save.error.data, save.error.message) : [];

  const back = (
    <Link to="/shift-management" className="hearth-muted">
      <ArrowLeftIcon /> {t('shifts.schedule.back')}
    </Link>
  );
  if (week.isPending || (!draft && !week.isError)) {
    return (
      <div className="hearth-page">
        {back}
        <Spinner size={24} />
      </div>
    );
  }
  if (!data || !type || !draft) {
    return (
      <div className="hearth-page">
        {back}
        <QueryErrorBanner query={week} />
        {data ? <EmptyState title={t('shifts.schedule.notFound')} className="hearth-gap-top" /> : null}
      </div>
    );
  }

  const pastWeek = isPastWeek(sunday, today);
  const dirty = changedDays(draft.plan, saved).length > 0 || draft.name.trim() !== (schedule?.name ?? defaultName).trim();
  const setDraft = (d: ScheduleDraft) => setState({ basis, draft: d });
  const goWeek = (s: string) => {
    setErrors({});
    setSkipped([]);
    save.reset();
    setParams({ week: s }, { replace: true });
  };
  const submit = () => {
    const found = validateSchedule(draft, today, saved);
    setErrors(found);
    save.reset();
    if (Object.keys(found).length === 0) save.mutate(draft);
  };
  // The callout stays (its button busy) until the week as it stands now is shown.
  const reload = () => {
    setErrors({});
    save.reset();
    void week.refetch().then(() => {
      setReloads((n) => n + 1);
      setStale(false);
    });
  };

  return (
    <div className="hearth-page hearth-shift-page" data-testid="shift-scheduling-page" data-week={sunday}>
      {back}
      <PageHeader title={t('shifts.schedule.title', { name: type.name })} />
      <p className="hearth-shift-type-line">
        <span className="hearth-shift-swatch" style={{ background: type.color }} aria-hidden="true" /> {shiftHoursText(t, type.startTime, type.endTime, language)}
        {' · '}
        {t('shifts.schedule.minStaff', { min: type.minStaff })}
      </p>

      <div className="hearth-shift-week-bar">
        <Button icon={<ChevronLeftIcon />} aria-label={t('shifts.schedule.previousWeek')} onClick={() => goWeek(addDays(sunday, -7))} />
        <label htmlFor="shift-week" className="hearth-sr-only">
          {t('shifts.schedule.week')}
        </label>
        <Select id="shift-week" value={sunday} onChange={(e) => goWeek(e.currentTarget.value)} data-testid="shift-week">
          {sundayChoices(today, WEEKS_BACK, WEEKS_AHEAD, sunday).map((s) => (
            <option key={s} value={s}>
              {t('shifts.schedule.weekOf', { from: formatCalendarDate(s, language), to: formatCalendarDate(addDays(s, 6), language) })}
            </option>
          ))}
        </Select>
        <Button icon={<ChevronRightIcon />} aria-label={t('shifts.schedule.nextWeek')} onClick={() => goWeek(addDays(sunday, 7))} />
        <Tag
          large
          intent={schedule ? (schedule.status === SchedulePublished ? Intent.SUCCESS : Intent.WARNING) : Intent.NONE}
          data-testid="schedule-status"
          data-status={schedule?.status ?? 'NONE'}
        >
          {schedule ? t(schedule.status === SchedulePublished ? 'shifts.schedule.published' : 'shifts.schedule.draft') : t('shifts.schedule.none')}
        </Tag>
      </div>
      {week.isFetching && !week.isPending ? <Spinner size={16} /> : null}
      <QueryErrorBanner query={week} />

      {stale ? (
        <Callout intent={Intent.DANGER} role="alert" className="hearth-gap-bottom" data-testid="schedule-stale">
          <p>{t('shifts.schedule.stale')}</p>
          <Button icon={<RefreshIcon />} onClick={reload} loading={week.isFetching} data-testid="schedule-reload">
            {t('shifts.schedule.reload')}
          </Button>
        </Callout>
      ) : null}
      {refused.length > 0 ? (
        <TitledCallout level={2} intent={Intent.DANGER} role="alert" className="hearth-gap-bottom" title={t('shifts.schedule.refused')} data-testid="schedule-conflict">
          <ul>
            {refused.map((r) => (
              <li key={r.message} data-kind={r.kind}>
                {r.kind in CONFLICT_KEYS ? <Tag minimal>{labelOf(t, CONFLICT_KEYS, r.kind)}</Tag> : null} {r.message}
              </li>
            ))}
          </ul>
        </TitledCallout>
      ) : null}
      {conflicts.length > 0 ? (
        <TitledCallout level={2} intent={Intent.WARNING} className="hearth-gap-bottom" title={t('shifts.schedule.conflictsTitle')} data-testid="schedule-conflicts">
          <ul>
            {conflicts.map((c) => (
              <li key={`${c.caregiverId}-${c.day}-${c.kind}`}>
                <Tag minimal>{labelOf(t, CONFLICT_KEYS, c.kind)}</Tag> {c.message}
              </li>
            ))}
          </ul>
        </TitledCallout>
      ) : null}
      {skipped.length > 0 ? (
        <TitledCallout level={2} intent={Intent.PRIMARY} className="hearth-gap-bottom" title={t('shifts.schedule.skippedTitle')} data-testid="schedule-skipped">
          <ul>
            {skipped.map((c) => (
              <li key={`${c.caregiverId}-${c.day}-${c.kind}`}>{c.message}</li>
            ))}
          </ul>
        </TitledCallout>
      ) : null}
      {pastWeek ? (
        <Callout className="hearth-gap-bottom" data-testid="schedule-read-only">
          {t('shifts.schedule.pastWeek')}
        </Callout>
      ) : schedule?.status === SchedulePublished ? (
        <p className="hearth-muted">{t('shifts.schedule.publishedHint')}</p>
      ) : null}

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormField id="schedule-name" label={t('shifts.schedule.name')} error={message(errors.name)}>
          <InputGroup
            id="schedule-name"
            maxLength={ScheduleNameMax}
            disabled={pastWeek}
            value={draft.name}
            intent={errors.name ? Intent.DANGER : Intent.NONE}
            onValueChange={(v) => {
              setErrors((e) => ({ ...e, name: undefined }));
              setDraft({ ...draft, name: v });
            }}
          />
        </FormField>
        {errors.startDate || errors.endDate ? (
          <Callout intent={Intent.DANGER} compact role="alert" className="hearth-gap-bottom">
            {message(errors.startDate ?? errors.endDate)}
          </Callout>
        ) : null}
        {errors.assignments ? (
          <Callout intent={Intent.DANGER} compact role="alert" className="hearth-gap-bottom" data-testid="schedule-rule">
            {message(errors.assignments)}
          </Callout>
        ) : null}
        <QueryErrorBanner query={staff} />
        {caregivers.length === 0 && !staff.isPending ? (
          <EmptyState title={t('shifts.schedule.noStaff')} />
        ) : (
          <WeekGrid
            days={days}
            today={today}
            caregivers={caregivers}
            plan={draft.plan}
            minStaff={type.minStaff}
            readOnly={pastWeek}
            onToggle={(day, id) => {
              setErrors((e) => ({ ...e, assignments: undefined }));
              setDraft({ ...draft, plan: toggleAssignment(draft.plan, day, id) });
            }}
          />
        )}
        <div className="hearth-shift-buttons">
          {!schedule && !pastWeek ? (
            <Button icon={<DuplicateIcon />} loading={copy.isPending} onClick={() => copy.mutate()} data-testid="schedule-copy">
              {t('shifts.schedule.copyLastWeek')}
            </Button>
          ) : null}
          <Button type="submit" icon={<FloppyDiskIcon />} intent={Intent.PRIMARY} disabled={pastWeek} loading={save.isPending} data-testid="schedule-save">
            {t('shifts.schedule.save')}
          </Button>
          <Button
            icon={<SendMessageIcon />}
            intent={Intent.SUCCESS}
            disabled={!schedule || dirty || pastWeek}
            onClick={() => setConfirming(true)}
            data-testid="schedule-publish"
          >
            {t(schedule?.status === SchedulePublished ? 'shifts.schedule.publishAgain' : 'shifts.schedule.publish')}
          </Button>
        </div>
        {dirty && schedule ? <p className="hearth-muted">{t('shifts.schedule.saveFirst')}</p> : null}
      </form>

      <section aria-labelledby="coverage-title" className="hearth-gap-top">
        <SectionTitle id="coverage-title">{t('shifts.gaps.title')}</SectionTitle>
        <p className="hearth-muted">{t('shifts.gaps.intro')}</p>
        <CoverageGaps byDay={gaps.byDay} hours={gaps.hours} typeNames={typeNames} />
      </section>

      {confirming ? (
        <AppDialog title={t('shifts.publish.title')} onClose={() => setConfirming(false)} className="hearth-shift-dialog">
          <DialogBody>
            <p>{t('shifts.publish.question', { name: draft.name })}</p>
            <CoverageGaps byDay={gaps.byDay} hours={gaps.hours} typeNames={typeNames} />
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button onClick={() => setConfirming(false)}>{t('common.action.cancel')}</Button>
                <Button intent={Intent.SUCCESS} loading={publish.isPending} onClick={() => publish.mutate()} data-testid="publish-confirm">
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
