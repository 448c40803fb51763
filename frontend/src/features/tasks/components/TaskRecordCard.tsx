import { useId } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { AnnotationIcon, TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '@/types/api.gen';
import { timingText } from '@/lib/care/scheduleText';
import { currentLanguage } from '@/lib/i18n';
import { formatDate, formatDateTime, formatTime } from '@/lib/time/dateTime';
import { isKeptOnPhone } from '@/lib/phone/outbox';
import { canCompleteNow, recordState } from '../taskRules';
import { RecordStateTag } from './RecordStateTag';

interface TaskRecordCardProps {
  record: TaskRecord;
  now: number;
  zoneCode: string | undefined;
  /** Completing is offered (not for a future day's occurrences). */
  completable: boolean;
  /** Show the day with the times (expired lists span several days). */
  withDay?: boolean;
  onOpen: (record: TaskRecord, mode: 'memo' | 'complete') => void;
  /** The card title's heading level under the list's headings. */
  headingLevel?: 3 | 4;
}

/** One occurrence as a card: what, for whom, when, its state in words, and Complete / Memo. */
export function TaskRecordCard({ record: r, now, zoneCode, completable, withDay, onOpen, headingLevel = 4 }: TaskRecordCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const { t } = useTranslation();
  const language = currentLanguage();
  const titleId = useId();
  const state = recordState(r, now);
  const timing = timingText(t, r, language);
  const when = timing || t('tasks.schedule.anyTime');
  /** The occurrence's window: "(7:00 AM – 9:00 AM)", with its date on lists of several days. A task of any
   *  time of the day is open from midnight to midnight, which "Any time of the day" already says: it shows
   *  only its date there ("12:00 AM – 12:00 AM" said nothing). */
  function windowText(): string {
    if (r.dueStart <= 0 || r.dueEnd <= 0) return '';
    if (!timing) return withDay ? formatDate(r.dueStart, zoneCode, language) : '';
    const start = withDay ? formatDateTime(r.dueStart, zoneCode, language) : formatTime(r.dueStart, zoneCode, language);
    return t('tasks.card.window', { start, end: formatTime(r.dueEnd, zoneCode, language) });
  }
  const window = windowText();
  return (
    <article className={`hearth-task-card is-${state}`} aria-labelledby={titleId} data-testid="task-record" data-record-id={r.recordId} data-state={state} data-title={r.title}>
      <div className="hearth-task-card-head">
        <Heading id={titleId} className="hearth-task-card-title">
          {r.title}
        </Heading>
        <RecordStateTag state={state} />
      </div>
      <dl className="hearth-task-card-meta">
        <div>
          <dt>{t('tasks.card.resident')}</dt>
          <dd>{r.residentId ? (r.residentRoom ? t('tasks.card.residentRoom', { name: r.residentName, room: r.residentRoom }) : r.residentName) : t('tasks.card.facility')}</dd>
        </div>
        <div>
          <dt>{t('tasks.card.when')}</dt>
          <dd>
            {when}
            {window ? <span className="hearth-muted"> ({window})</span> : null}
          </dd>
        </div>
        {r.caregiverName ? (
          <div>
            <dt>{t('tasks.card.assigned')}</dt>
            <dd>{r.caregiverName}</dd>
          </div>
        ) : null}
        {r.completedAt > 0 ? (
          <div>
            <dt>{t('tasks.card.done')}</dt>
            <dd>
              {t('tasks.card.doneBy', { name: r.completedByName, time: formatDateTime(r.completedAt, zoneCode, language) })}
              {isKeptOnPhone(r) ? (
                <span className="hearth-muted" data-testid="task-kept-on-phone">
                  {' '}
                  · {t('app.outbox.itemWaiting')}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="hearth-task-card-actions">
        <Button icon={<AnnotationIcon />} onClick={() => onOpen(r, 'memo')} aria-describedby={titleId} data-testid="task-memo">
          {t('tasks.card.memo')}
        </Button>
        {completable && canCompleteNow(r, now) ? (
          <Button icon={<TickIcon />} intent={Intent.PRIMARY} onClick={() => onOpen(r, 'complete')} aria-describedby={titleId} data-testid="task-complete">
            {t('tasks.card.complete')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
