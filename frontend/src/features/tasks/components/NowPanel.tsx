import { Button } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { ChevronDownIcon, ChevronRightIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '@/types/api.gen';
import { useFirstScreen } from '@/lib/ui/useFirstScreen';
import { nowSections, type NowFilter, type NowSections } from '../taskRules';
import { RecordCards, type RecordListProps } from './RecordGroups';

interface NowPanelProps extends RecordListProps {
  records: TaskRecord[];
  /** The session shown ("" = the whole day). */
  session: string;
  sessionOfRecord: (r: TaskRecord) => string;
  /** When the session's run on now ends (sessionEndsAt): what starts later is not "later this session". */
  laterUntil: number;
  /** A tile's filter (?show=), or none. */
  show: NowFilter | '';
  /** The done ones are unfolded (?done=1). */
  doneOpen: boolean;
  onDoneOpen: (open: boolean) => void;
}

/** The cards a first screen shows (a phone shows one or two under the tiles, a wide window two rows). */
const FIRST_CARDS = 6;

const ORDER: (keyof NowSections)[] = ['overdue', 'due', 'later', 'anyTime', 'done'];

/** The first `limit` cards of the sections, taken in the order they are shown. */
function firstCards(sections: NowSections, order: (keyof NowSections)[], limit: number): NowSections {
  const out = { ...sections };
  let left = limit;
  for (const key of order) {
    out[key] = sections[key].slice(0, Math.max(0, left));
    left -= out[key].length;
  }
  return out;
}

const TITLE_KEYS = {
  overdue: 'tasks.now.overdue',
  due: 'tasks.now.due',
  later: 'tasks.now.later',
  anyTime: 'tasks.now.anyTime',
  done: 'tasks.now.done',
} as const satisfies Record<keyof NowSections, string>;

/**
 * Today's tasks as a caregiver works them (issue 29 "Worklists start at now"): the day's late ones first,
 * then the chosen session's due now and later, the tasks of any time of the day, and the session's done ones
 * folded behind one button. A tile's filter shows one part for the whole day.
 */
export function NowPanel({ records, session, sessionOfRecord, laterUntil, show, doneOpen, onDoneOpen, ...props }: NowPanelProps) {
  const { t } = useTranslation();
  const sections = show ? nowSections(records, props.now, '', sessionOfRecord) : nowSections(records, props.now, session, sessionOfRecord, laterUntil);
  // The first screen's cards first, in the order shown; the rest right after (useFirstScreen).
  const drawn = firstCards(sections, show ? [show] : ORDER, useFirstScreen(FIRST_CARDS));
  const part = (key: keyof NowSections) =>
    sections[key].length > 0 ? (
      <section key={key} className={`hearth-task-now is-${key}`} aria-labelledby={`now-${key}`} data-testid={`task-now-${key}`} data-count={sections[key].length}>
        <h2 id={`now-${key}`} className="hearth-task-category-title">
          {t(TITLE_KEYS[key], { n: sections[key].length })}
        </h2>
        <RecordCards records={drawn[key]} headingLevel={3} {...props} />
      </section>
    ) : null;
  if (show) {
    return sections[show].length > 0 ? (
      part(show)
    ) : (
      <EmptyState icon={<TickCircleIcon />} title={t(`tasks.now.none.${show}`)} className="hearth-gap-top" />
    );
  }
  const open = sections.overdue.length + sections.due.length + sections.later.length + sections.anyTime.length;
  return (
    <>
      {part('overdue')}
      {part('due')}
      {part('later')}
      {part('anyTime')}
      {open === 0 ? (
        <p className="hearth-muted hearth-task-now-clear" data-testid="task-now-clear">
          {records.length === 0 ? t('tasks.today.empty') : session ? t('tasks.now.sessionClear') : t('tasks.today.allDone')}
        </p>
      ) : null}
      {sections.done.length > 0 ? (
        <section className="hearth-task-now is-done" aria-label={t('tasks.now.done', { n: sections.done.length })} data-testid="task-now-done" data-count={sections.done.length}>
          <Button
            variant="minimal"
            icon={doneOpen ? <ChevronDownIcon /> : <ChevronRightIcon />}
            aria-expanded={doneOpen}
            onClick={() => onDoneOpen(!doneOpen)}
            data-testid="task-now-done-toggle"
            className="hearth-task-now-toggle"
          >
            {t(doneOpen ? 'tasks.now.hideDone' : 'tasks.now.showDone', { n: sections.done.length })}
          </Button>
          {doneOpen ? <RecordCards records={drawn.done} headingLevel={3} {...props} /> : null}
        </section>
      ) : null}
    </>
  );
}
