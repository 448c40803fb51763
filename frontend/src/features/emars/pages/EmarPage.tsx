import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { ChevronDownIcon, ChevronRightIcon, PeopleIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { EmarResident, MedPass } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { RefreshControl } from '@/components/RefreshControl';
import { Select } from '@/components/Select';
import { careLabel, SESSION_KEYS, WEEKDAY_KEYS } from '@/lib/care/taskLabels';
import { DEFAULT_SESSIONS, sessionOf } from '@/lib/emar/passGroups';
import { currentLanguage } from '@/lib/i18n';
import { useFacilityViewer } from '@/lib/session/viewer';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { useNow } from '@/lib/time/useNow';
import { epochToZonedWall, zonedDate } from '@/lib/time/zone';
import { useRoutineTime } from '@/lib/api/routineTime';
import { useFirstScreen } from '@/lib/ui/useFirstScreen';
import { useWarningCount } from '../api/countWarnings';
import { emarKey } from '../api/keys';
import { useEmarDay } from '../api/listMedicationLog';
import { PassTiles } from '../components/PassTiles';
import { ResidentPassCard } from '../components/ResidentPassCard';
import { cardViews, needCounts, PASS_FILTERS, type PassFilter } from '../passNeed';
import { choiceDate, DAY_CHOICES, dayChoice, requestDay, type DayChoice } from '../dayRules';
import '../emars.css';

// The pass and PRN dialogs load when first opened, not with the page (docs/performance.md, slow phones).
const PassDialog = lazy(() => import('../components/PassDialog').then((m) => ({ default: m.PassDialog })));
const PrnDialog = lazy(() => import('../components/PrnDialog').then((m) => ({ default: m.PrnDialog })));

/** The residents' cards a first screen shows (a phone shows about one; a wide window a row). */
const FIRST_CARDS = 3;

const DAY_KEYS = { yesterday: 'emars.day.yesterday', today: 'emars.day.today', tomorrow: 'emars.day.tomorrow' } as const;

/** Which dialog is open: ids, so it always shows the day as last read. */
type Open = { kind: 'pass'; residentId: string; passId: string; fallback: MedPass } | { kind: 'prn'; residentId: string };

/**
 * /emars (spec 000 §2, the med pass): every resident who lives here with the day's passes by session,
 * colour-coded, the red count on each card and the day's counts at the top; yesterday, today or tomorrow;
 * read again every minute (visibly, pausably). One tap opens a pass to check the five rights and log it;
 * "Give as needed" logs a PRN dose; a PRN awaiting its check is documented from its item.
 */
export default function EmarPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const viewer = useFacilityViewer();
  const queryClient = useQueryClient();
  const now = useNow(60_000);
  const [params, setParams] = useSearchParams();
  const choice = dayChoice(params.get('day'));
  const today = zonedDate(now, viewer.zone);
  const query = useEmarDay({ day: requestDay(choice, today) });
  const saved = useRoutineTime().data?.sessions;
  const sessions = saved && saved.length > 0 ? saved : DEFAULT_SESSIONS;
  const warnings = useWarningCount();
  const [open, setOpen] = useState<Open | null>(null);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: emarKey }), [queryClient]);
  const announce = useCallback((time: string) => t('emars.refresh.updated', { time }), [t]);

  const data = query.data;
  const shownDay = data?.day || choiceDate(choice, today);
  const weekday = new Date(`${shownDay}T12:00:00Z`).getUTCDay();
  const dayLabel = `${t(WEEKDAY_KEYS[weekday] ?? WEEKDAY_KEYS[0])} ${formatCalendarDate(shownDay, language)}`;
  const residents = data?.residents ?? [];
  // The page opens at the facility's current routine session (issue 29); ?session= another, "all" the whole
  // day; ?show= a tile's passes; ?done=1 unfolds the done ones. Another day than today shows the whole day.
  const setParam = (key: string, value: string) => {
    const p = new URLSearchParams(params);
    if (value) p.set(key, value);
    else p.delete(key);
    setParams(p, { replace: true });
  };
  const currentSession = sessionOf(epochToZonedWall(now, viewer.zone).slice(11), sessions);
  const sessionAsked = params.get('session') ?? '';
  const session =
    choice !== 'today' || sessionAsked === 'all' ? '' : sessions.some((x) => x.session === sessionAsked) ? sessionAsked : currentSession;
  const showAsked = params.get('show') ?? '';
  const show: PassFilter | '' = (PASS_FILTERS as readonly string[]).includes(showAsked) ? (showAsked as PassFilter) : '';
  const showDone = params.get('done') === '1';
  const views = cardViews(residents, { session, sessions, show, showDone, now });
  const needs = needCounts(residents);
  const folded = views.reduce((n, v) => n + v.folded, 0);
  // The first screen's cards first, the rest right after (useFirstScreen).
  const drawn = useFirstScreen(FIRST_CARDS, data !== undefined);
  const earlierRed = choice === 'today' && warnings.data !== undefined ? Math.max(0, warnings.data - needs.OVERDUE) : 0;
  const residentOf = (id: string): EmarResident | undefined => residents.find((r) => r.residentId === id);
  const setDay = (next: DayChoice) => {
    const p = new URLSearchParams(params);
    if (next === 'today') p.delete('day');
    else p.set('day', next);
    setParams(p, { replace: true });
  };

  let dialog = null;
  if (open) {
    const resident = residentOf(open.residentId);
    if (resident && open.kind === 'prn') dialog = <PrnDialog resident={resident} zoneCode={viewer.zoneCode} onClose={() => setOpen(null)} />;
    if (resident && open.kind === 'pass') {
      const pass = resident.passes.find((p) => p.passId === open.passId) ?? open.fallback;
      dialog = <PassDialog pass={pass} resident={resident} manager={viewer.manager} userId={viewer.userId} zoneCode={viewer.zoneCode} onClose={() => setOpen(null)} />;
    }
  }

  return (
    <div className="hearth-page hearth-emar-page" data-testid="emar-page" data-day={shownDay} data-drawn={data && Number.isFinite(drawn) ? 'first' : data ? 'all' : undefined}>
      <PageHeader title={t('emars.title')} />
      <div className="hearth-emar-toolbar">
        <div className="hearth-emar-days" role="group" aria-label={t('emars.day.label')}>
          {DAY_CHOICES.map((c) => (
            <Button key={c} aria-pressed={c === choice} active={c === choice} intent={c === choice ? Intent.PRIMARY : Intent.NONE} onClick={() => setDay(c)} data-testid={`emar-day-${c}`}>
              {t(DAY_KEYS[c])}
            </Button>
          ))}
        </div>
        <RefreshControl refresh={refresh} zoneCode={viewer.zoneCode} announce={announce} testIdPrefix="emar" />
      </div>
      <p className="hearth-muted hearth-emar-day" data-testid="emar-day">
        {t('emars.day.showing', { day: dayLabel })}
      </p>
      <QueryErrorBanner query={query} />
      {data ? <PassTiles overdue={choice === 'today' ? warnings.data : needs.OVERDUE} needs={needs} show={show} onShow={(next) => setParam('show', next)} /> : null}
      {choice === 'today' && !show ? (
        <div className="hearth-filter-bar hearth-emar-session-bar">
          <Select
            aria-label={t('emars.session.label')}
            value={session || 'all'}
            onChange={(e) => setParam('session', e.currentTarget.value === currentSession ? '' : e.currentTarget.value)}
            options={[
              ...sessions.map((x) => ({
                value: x.session,
                label: x.session === currentSession ? t('emars.session.now', { name: careLabel(t, SESSION_KEYS, x.session) }) : careLabel(t, SESSION_KEYS, x.session),
              })),
              { value: 'all', label: t('emars.session.wholeDay') },
            ]}
            data-testid="emar-session"
            data-session={session || 'all'}
            data-current={currentSession}
          />
          {folded > 0 || showDone ? (
            <Button
              variant="minimal"
              icon={showDone ? <ChevronDownIcon /> : <ChevronRightIcon />}
              aria-expanded={showDone}
              onClick={() => setParam('done', showDone ? '' : '1')}
              data-testid="emar-done-toggle"
              className="hearth-emar-done-toggle"
            >
              {showDone ? t('emars.session.hideDone') : t('emars.session.showDone', { n: folded })}
            </Button>
          ) : null}
        </div>
      ) : null}
      {show === 'overdue' && earlierRed > 0 ? (
        <p className="hearth-muted" data-testid="emar-earlier-red">
          {t('emars.tiles.earlier', { n: earlierRed })}{' '}
          <Link to="/emars?day=yesterday" data-testid="emar-earlier-red-yesterday">
            {t('emars.tiles.seeYesterday')}
          </Link>
        </p>
      ) : null}
      {query.isPending ? (
        <Spinner size={32} className="hearth-gap-top" />
      ) : residents.length === 0 && data ? (
        <EmptyState icon={<PeopleIcon size={48} />} title={t('emars.empty')} />
      ) : show && views.length === 0 ? (
        <EmptyState title={t(`emars.tiles.none.${show}`)} className="hearth-gap-top" />
      ) : (
        <div className="hearth-emar-cards">
          {views.slice(0, drawn).map((v) => (
            <ResidentPassCard
              key={v.resident.residentId}
              resident={v.resident}
              passes={v.passes}
              folded={v.folded}
              sessions={sessions}
              zoneCode={viewer.zoneCode}
              canGivePrn={choice === 'today'}
              onOpen={(pass) => setOpen({ kind: 'pass', residentId: v.resident.residentId, passId: pass.passId, fallback: pass })}
              onGivePrn={(res) => setOpen({ kind: 'prn', residentId: res.residentId })}
            />
          ))}
        </div>
      )}
      <Suspense fallback={null}>{dialog}</Suspense>
    </div>
  );
}
