import { useTranslation } from 'react-i18next';
import { NowTiles as Tiles } from '@/components/NowTiles';
import type { NowFilter } from '../taskRules';

interface NowTilesProps {
  /** The facility's overdue tasks (countExpiredTasks: the sidebar's number); undefined while it loads. */
  overdue: number | undefined;
  figures: Record<NowFilter, number>;
  done: number;
  total: number;
  show: NowFilter | '';
  onOverdue: () => void;
  onShow: (filter: NowFilter | '') => void;
}

/**
 * The count tiles at the top of today's tasks: Overdue (the sidebar's number, every day's late tasks) opens
 * the Expired tab; Due now, Later today and Done filter today's list to their tasks (a second tap shows
 * everything again).
 */
export function NowTiles({ overdue, figures, done, total, show, onOverdue, onShow }: NowTilesProps) {
  const { t } = useTranslation();
  const filter = (key: NowFilter, label: string, count: number, tone?: 'due') => ({
    testId: `task-tile-${key}`,
    label,
    count,
    tone,
    pressed: show === key,
    onClick: () => onShow(show === key ? '' : key),
  });
  return (
    <Tiles
      label={t('tasks.now.tiles')}
      testId="task-progress"
      data={{ 'data-done': done, 'data-total': total, 'data-overdue': overdue ?? '' }}
      tiles={[
        { testId: 'task-tile-overdue', label: t('tasks.tile.overdue'), count: overdue, tone: 'overdue', onClick: onOverdue },
        filter('due', t('tasks.tile.due'), figures.due, 'due'),
        filter('later', t('tasks.tile.later'), figures.later),
        filter('done', t('tasks.tile.done', { total }), done),
      ]}
    />
  );
}
