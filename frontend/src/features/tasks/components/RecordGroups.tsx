import { EmptyState } from '@/components/EmptyState';
import { TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '@/types/api.gen';
import { CATEGORY_KEYS, SESSION_KEYS, careLabel } from '@/lib/care/taskLabels';
import { currentLanguage } from '@/lib/i18n';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { groupToday, type RecordGroup } from '../taskRules';
import { TaskRecordCard } from './TaskRecordCard';

export interface RecordListProps {
  now: number;
  zoneCode: string | undefined;
  completable: boolean;
  onOpen: (record: TaskRecord, mode: 'memo' | 'complete') => void;
}

/** Cards in a grid: several columns on a wide window, one on a phone. */
export function RecordCards({ records, withDay, headingLevel, ...props }: RecordListProps & { records: TaskRecord[]; withDay?: boolean; headingLevel?: 3 | 4 }) {
  return (
    <div className="hearth-task-cards">
      {records.map((r) => (
        <TaskRecordCard key={r.recordId} record={r} withDay={withDay} headingLevel={headingLevel} {...props} />
      ))}
    </div>
  );
}

/**
 * A day's records by category (h2: on-going, time-specific, medication) and, inside, by session or time
 * (h3), each group's cards under it.
 */
export function RecordGroups({ records, empty, ...props }: RecordListProps & { records: TaskRecord[]; empty: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const groups = groupToday(records);
  if (records.length === 0) return <EmptyState icon={<TickCircleIcon />} title={empty} className="hearth-gap-top" />;
  const section = (category: keyof typeof CATEGORY_KEYS, list: RecordGroup[], label: (g: RecordGroup) => string) =>
    list.length > 0 ? (
      <section className="hearth-task-category" aria-labelledby={`cat-${category}`} data-testid={`task-category-${category}`}>
        <h2 id={`cat-${category}`} className="hearth-task-category-title">
          {t(CATEGORY_KEYS[category])}
        </h2>
        {list.map((g) => (
          <div key={g.key} className="hearth-task-group" data-testid="task-group" data-group={g.key}>
            {label(g) ? <h3 className="hearth-task-group-title">{t('tasks.group.title', { name: label(g), n: g.records.length })}</h3> : null}
            <RecordCards records={g.records} {...props} />
          </div>
        ))}
      </section>
    ) : null;
  return (
    <>
      {section('onGoing', groups.onGoing, (g) => (g.key ? careLabel(t, SESSION_KEYS, g.key) : t('tasks.schedule.anyTime')))}
      {section('timeSpecific', groups.timeSpecific, (g) => formatTimeOfDay(g.key, language) || g.key)}
      {section('medication', groups.medication, () => t('tasks.group.byDueTime'))}
    </>
  );
}
