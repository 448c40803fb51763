import { Button, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { CleanIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '@/types/api.gen';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { useExpiredTasks } from '../api/listExpiredTasks';
import { groupByResident } from '../taskRules';
import { RecordCards, type RecordListProps } from './RecordGroups';

interface ExpiredPanelProps extends Omit<RecordListProps, 'completable'> {
  residentId: string;
  /** Owners and admins clear a resident's expired items. */
  onClear?: (residentId: string, residentName: string) => void;
}

/** How many expired occurrences a page holds (the call's page sizes). */
export const EXPIRED_PAGE_SIZES = [50, 100] as const;

/**
 * Expired and overdue occurrences per resident (spec 000 §2 "expired tasks, per-resident expired tasks"),
 * most recent first as the server pages them; each resident's oldest first on the page.
 */
export function ExpiredPanel({ residentId, onClear, ...props }: ExpiredPanelProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 50 });
  const expired = useExpiredTasks({ ...page, data: { residentId: residentId || undefined } });
  if (expired.isPending) return <Spinner size={24} className="hearth-gap-top" />;
  const records: TaskRecord[] = expired.data?.records ?? [];
  const groups = groupByResident(records);
  return (
    <>
      <QueryErrorBanner query={expired} />
      {groups.length === 0 && !expired.isError ? <EmptyState icon={<TickCircleIcon />} title={t('tasks.expired.empty')} className="hearth-gap-top" /> : null}
      {groups.map((g) => {
        const name = g.residentId ? g.residentName : t('tasks.card.facility');
        return (
          <section key={g.residentId || 'facility'} className="hearth-task-category" aria-labelledby={`expired-${g.residentId || 'facility'}`} data-testid="expired-resident" data-resident-id={g.residentId}>
            <div className="hearth-task-category-head">
              <h2 id={`expired-${g.residentId || 'facility'}`} className="hearth-task-category-title">
                {t('tasks.expired.residentTitle', { name, n: g.records.length })}
              </h2>
              {onClear && g.residentId ? (
                <Button icon={<CleanIcon />} intent={Intent.DANGER} variant="outlined" onClick={() => onClear(g.residentId, g.residentName)} data-testid="expired-clear">
                  {t('tasks.expired.clear')}
                </Button>
              ) : null}
            </div>
            <RecordCards records={g.records} completable withDay headingLevel={3} {...props} />
          </section>
        );
      })}
      <Pager current={page.current} size={page.size} total={expired.data?.total ?? 0} sizes={EXPIRED_PAGE_SIZES} onChange={(current, size) => setPage({ current, size })} />
    </>
  );
}
