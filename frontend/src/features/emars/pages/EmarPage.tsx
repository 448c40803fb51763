import { useCallback, useState } from 'react';
import { Button, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { PeopleIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { EmarResident, MedPass } from '@/types/api.gen';
import { ColourCounts } from '@/components/emar/ColourCounts';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { RefreshControl } from '@/components/RefreshControl';
import { WEEKDAY_KEYS } from '@/lib/care/taskLabels';
import { DEFAULT_SESSIONS } from '@/lib/emar/passGroups';
import { currentLanguage } from '@/lib/i18n';
import { useFacilityViewer } from '@/lib/session/viewer';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { useNow } from '@/lib/time/useNow';
import { zonedDate } from '@/lib/time/zone';
import { useRoutineTime } from '@/lib/api/routineTime';
import { emarKey } from '../api/keys';
import { useEmarDay } from '../api/listMedicationLog';
import { PassDialog } from '../components/PassDialog';
import { PrnDialog } from '../components/PrnDialog';
import { ResidentPassCard } from '../components/ResidentPassCard';
import { choiceDate, DAY_CHOICES, dayChoice, requestDay, type DayChoice } from '../dayRules';
import '../emars.css';

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
  const sessions = useRoutineTime().data?.sessions ?? DEFAULT_SESSIONS;
  const [open, setOpen] = useState<Open | null>(null);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: emarKey }), [queryClient]);
  const announce = useCallback((time: string) => t('emars.refresh.updated', { time }), [t]);

  const data = query.data;
  const shownDay = data?.day || choiceDate(choice, today);
  const weekday = new Date(`${shownDay}T12:00:00Z`).getUTCDay();
  const dayLabel = `${t(WEEKDAY_KEYS[weekday] ?? WEEKDAY_KEYS[0])} ${formatCalendarDate(shownDay, language)}`;
  const residents = data?.residents ?? [];
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
    <div className="hearth-page hearth-emar-page" data-testid="emar-page" data-day={shownDay}>
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
      {data ? <ColourCounts counts={data.counts} title={t('emars.counts', { day: dayLabel })} /> : null}
      {query.isPending ? (
        <Spinner size={32} className="hearth-gap-top" />
      ) : residents.length === 0 && data ? (
        <NonIdealState icon={<PeopleIcon size={48} />} title={t('emars.empty')} />
      ) : (
        <div className="hearth-emar-cards">
          {residents.map((r) => (
            <ResidentPassCard
              key={r.residentId}
              resident={r}
              sessions={sessions}
              zoneCode={viewer.zoneCode}
              canGivePrn={choice === 'today'}
              onOpen={(pass) => setOpen({ kind: 'pass', residentId: r.residentId, passId: pass.passId, fallback: pass })}
              onGivePrn={(res) => setOpen({ kind: 'prn', residentId: res.residentId })}
            />
          ))}
        </div>
      )}
      {dialog}
    </div>
  );
}
