import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, Intent, Spinner, Switch, Tab, Tabs } from '@blueprintjs/core';
import { AddIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Task, TaskRecord } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { epochToZonedWall, zonedDate } from '@/lib/time/zone';
import { useRoutineTime } from '@/lib/api/routineTime';
import { DEFAULT_SESSIONS, sessionOf } from '@/lib/emar/passGroups';
import { SESSION_KEYS, careLabel } from '@/lib/care/taskLabels';
import { tasksKey } from '../api/keys';
import { useResidentOptions } from '../api/listResidentOptions';
import { useExpiredTasks } from '../api/listExpiredTasks';
import { useTodayTasks } from '../api/listTodayTask';
import { AsNeededList, LogAsNeededDialog } from '../components/AsNeededList';
import { NowPanel } from '../components/NowPanel';
import { NowTiles } from '../components/NowTiles';
import { EXPIRED_PAGE_SIZES, ExpiredPanel } from '../components/ExpiredPanel';
import { RecordGroups } from '../components/RecordGroups';
import { RefreshControl } from '../components/RefreshControl';
import { TaskPlanPanel } from '../components/TaskPlanPanel';
import { dayProgress, futureDays, isOpen, NOW_FILTERS, nowFigures, recordSession, recordState, sessionEndsAt, weekdayOf, type NowFilter } from '../taskRules';
import { useNow } from '../useNow';
import { useTaskViewer } from '../viewer';
import { WEEKDAY_SHORT_KEYS } from '@/lib/care/taskLabels';
import '../tasks.css';

// The dialogs load when first opened, not with the page (docs/performance.md, slow phones).
const TaskFormDialog = lazy(() => import('../components/TaskFormDialog').then((m) => ({ default: m.TaskFormDialog })));
const TaskMemoDialog = lazy(() => import('../components/TaskMemoDialog').then((m) => ({ default: m.TaskMemoDialog })));
const ClearExpiredDialog = lazy(() => import('../components/ClearExpiredDialog').then((m) => ({ default: m.ClearExpiredDialog })));

const TABS = ['today', 'future', 'expired', 'asNeeded', 'plan'] as const;
type TabId = (typeof TABS)[number];

type Memo = { record: TaskRecord; mode: 'memo' | 'complete'; completable: boolean };
type Editing = { taskId?: string; residentId?: string };

/**
 * /task (spec 000 §2): today's special tasks by category with the day's progress, the next days' tasks,
 * expired tasks per resident, as-needed tasks to log, and (owners, admins) every task to edit. A resident
 * filter and "mine only" apply throughout; the page reads again every minute, visibly and pausably.
 */
export default function TaskPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const viewer = useTaskViewer();
  const now = useNow(15_000);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const tab: TabId = (TABS as readonly string[]).includes(asked) && (asked !== 'plan' || viewer.manager) ? (asked as TabId) : 'today';
  const residentId = params.get('resident') ?? '';
  const mine = params.get('mine') === '1';
  const hideDone = params.get('open') === '1';
  const showAsked = params.get('show') ?? '';
  const show: NowFilter | '' = (NOW_FILTERS as readonly string[]).includes(showAsked) ? (showAsked as NowFilter) : '';
  const doneOpen = params.get('done') === '1';
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const residents = useResidentOptions();
  const today = useTodayTasks({ residentId: residentId || undefined, mine: mine || undefined });
  const day = today.data?.day || zonedDate(now, viewer.zone);
  const days = futureDays(day);
  const futureAsked = params.get('day') ?? '';
  const futureDay = days.includes(futureAsked) ? futureAsked : (days[0] ?? '');
  const future = useTodayTasks({ residentId: residentId || undefined, mine: mine || undefined, day: futureDay }, tab === 'future' && futureDay !== '');
  // The tab's count: the first page of ExpiredPanel's own query (same key), whose total counts them all.
  const expired = useExpiredTasks({ current: 1, size: EXPIRED_PAGE_SIZES[0], data: { residentId: residentId || undefined } });
  const [memo, setMemo] = useState<Memo | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [logging, setLogging] = useState<Task | null>(null);
  const [clearing, setClearing] = useState<{ residentId: string; name: string } | null>(null);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: tasksKey }), [queryClient]);

  const records = today.data?.records ?? [];
  const progress = dayProgress(records, now);
  // The worklist opens at the facility's current routine session (?session= another, "all" the whole day).
  const saved = useRoutineTime().data?.sessions;
  const sessions = saved && saved.length > 0 ? saved : DEFAULT_SESSIONS;
  const clockOf = (ms: number) => epochToZonedWall(ms, viewer.zone).slice(11);
  const sessionAt = (hhmm: string) => sessionOf(hhmm, sessions);
  const sessionOfRecord = (r: TaskRecord) => recordSession(r, sessionAt, clockOf);
  const currentSession = sessionAt(clockOf(now));
  const sessionAsked = params.get('session') ?? '';
  const session = sessionAsked === 'all' ? '' : sessions.some((s) => s.session === sessionAsked) ? sessionAsked : currentSession;
  const sessionEnd = sessions.find((s) => s.session === session)?.endTime;
  const laterUntil = sessionEnd ? sessionEndsAt(now, sessionEnd, viewer.zone) : Number.POSITIVE_INFINITY;
  const daySessions = sessions.map((s) => s.session).filter((code) => code === session || code === currentSession || records.some((r) => sessionOfRecord(r) === code));
  // "Hide done" keeps what is still to do (the figures still count the whole day).
  const shownOf = (list: TaskRecord[]) => (hideDone ? list.filter((r) => isOpen(recordState(r, now))) : list);
  const open = (completable: boolean) => (record: TaskRecord, mode: 'memo' | 'complete') => setMemo({ record, mode, completable });
  const listProps = { now, zoneCode: viewer.zoneCode };
  const dayLabel = (d: string) => `${t(WEEKDAY_SHORT_KEYS[weekdayOf(d)] ?? WEEKDAY_SHORT_KEYS[0])} ${formatCalendarDate(d, language)}`;

  const panel = (id: TabId) => {
    switch (id) {
      case 'today':
        return today.isPending ? (
          <Spinner size={24} className="hearth-gap-top" />
        ) : (
          <>
            <NowTiles
              overdue={expired.data?.total}
              figures={nowFigures(records, now, sessionOfRecord)}
              done={progress.done}
              total={progress.total}
              show={show}
              onOverdue={() => setParam('tab', 'expired')}
              onShow={(next) => setParam('show', next)}
            />
            <NowPanel
              records={records}
              session={session}
              sessionOfRecord={sessionOfRecord}
              laterUntil={laterUntil}
              show={show}
              doneOpen={doneOpen}
              onDoneOpen={(o) => setParam('done', o ? '1' : '')}
              completable
              onOpen={open(true)}
              {...listProps}
            />
          </>
        );
      case 'future':
        return (
          <>
            <div className="hearth-task-days" role="group" aria-label={t('tasks.future.days')}>
              {days.map((d) => (
                <Button key={d} aria-pressed={d === futureDay} active={d === futureDay} intent={d === futureDay ? Intent.PRIMARY : Intent.NONE} onClick={() => setParam('day', d)} data-testid="future-day" data-day={d}>
                  {dayLabel(d)}
                </Button>
              ))}
            </div>
            <QueryErrorBanner query={future} />
            {future.isPending ? (
              <Spinner size={24} className="hearth-gap-top" />
            ) : (
              <RecordGroups records={shownOf(future.data?.records ?? [])} empty={t('tasks.future.empty')} completable={false} onOpen={open(false)} {...listProps} />
            )}
          </>
        );
      case 'expired':
        return <ExpiredPanel residentId={residentId} onOpen={open(true)} onClear={viewer.manager ? (rid, name) => setClearing({ residentId: rid, name }) : undefined} {...listProps} />;
      case 'asNeeded':
        return <AsNeededList tasks={today.data?.asNeeded ?? []} onLog={setLogging} />;
      case 'plan':
        return <TaskPlanPanel residentId={residentId} onEdit={(taskId) => setEditing({ taskId })} />;
    }
  };

  const count = (n: number | undefined) => (n ? ` (${n})` : '');
  const titles: Record<TabId, string> = {
    today: t('tasks.tab.today') + count(progress.total),
    future: t('tasks.tab.future'),
    expired: t('tasks.tab.expired') + count(expired.data?.total),
    asNeeded: t('tasks.tab.asNeeded') + count(today.data?.asNeeded?.length),
    plan: t('tasks.tab.plan'),
  };

  return (
    <div className="hearth-page hearth-task-page" data-testid="task-page" data-day={day}>
      <div className="hearth-task-page-head">
        <PageHeader title={t('tasks.title')} />
        {viewer.manager ? (
          <Button icon={<AddIcon />} intent={Intent.PRIMARY} onClick={() => setEditing({ residentId })} data-testid="task-new">
            {t('tasks.new')}
          </Button>
        ) : null}
      </div>
      <p className="hearth-muted hearth-task-day" data-testid="task-day">
        {t('tasks.today.day', { day: dayLabel(day) })}
      </p>
      <div className="hearth-filter-bar hearth-task-filters">
        <Select
          aria-label={t('tasks.filter.resident')}
          value={residentId}
          onChange={(e) => setParam('resident', e.currentTarget.value)}
          options={[{ value: '', label: t('tasks.filter.allResidents') }, ...(residents.data ?? []).map((r) => ({ value: r.residentId, label: r.name }))]}
          data-testid="task-resident-filter"
        />
        <Switch
          className="hearth-task-mine"
          checked={mine}
          label={t('tasks.filter.mine')}
          onChange={(e) => setParam('mine', e.currentTarget.checked ? '1' : '')}
          data-testid="task-mine"
        />
        {tab === 'today' ? (
          <Select
            aria-label={t('tasks.filter.session')}
            value={session || 'all'}
            onChange={(e) => setParam('session', e.currentTarget.value === currentSession ? '' : e.currentTarget.value)}
            options={[
              ...daySessions.map((code) => ({ value: code, label: code === currentSession ? t('tasks.filter.sessionNow', { name: careLabel(t, SESSION_KEYS, code) }) : careLabel(t, SESSION_KEYS, code) })),
              { value: 'all', label: t('tasks.filter.wholeDay') },
            ]}
            data-testid="task-session"
            data-session={session || 'all'}
            data-current={currentSession}
          />
        ) : (
          <Switch
            className="hearth-task-mine"
            checked={hideDone}
            label={t('tasks.filter.hideDone')}
            onChange={(e) => setParam('open', e.currentTarget.checked ? '1' : '')}
            data-testid="task-hide-done"
          />
        )}
        <RefreshControl refresh={refresh} zoneCode={viewer.zoneCode} />
      </div>
      <QueryErrorBanner query={today} />
      <Tabs id="task-tabs" selectedTabId={tab} renderActiveTabPanelOnly onChange={(next) => setParam('tab', next === 'today' ? '' : String(next))}>
        {TABS.filter((id) => id !== 'plan' || viewer.manager).map((id) => (
          <Tab key={id} id={id} title={titles[id]} panelClassName="hearth-tab-panel" panel={<>{panel(id)}</>} data-testid={`task-tab-${id}`} />
        ))}
      </Tabs>

      <Suspense fallback={null}>
        {memo ? (
          <TaskMemoDialog
            record={memo.record}
            mode={memo.mode}
            completable={memo.completable}
            viewer={viewer}
            now={now}
            onClose={() => setMemo(null)}
            onEditTask={
              viewer.manager
                ? (taskId) => {
                    setMemo(null);
                    setEditing({ taskId });
                  }
                : undefined
            }
          />
        ) : null}
        {editing ? <TaskFormDialog taskId={editing.taskId} residentId={editing.residentId} today={day} onClose={() => setEditing(null)} /> : null}
        {logging ? <LogAsNeededDialog task={logging} onClose={() => setLogging(null)} /> : null}
        {clearing ? <ClearExpiredDialog residentId={clearing.residentId} residentName={clearing.name} onClose={() => setClearing(null)} /> : null}
      </Suspense>
    </div>
  );
}
