import { useTranslation } from 'react-i18next';
import { NowTiles } from '@/components/NowTiles';
import type { PassFilter, PassNeed } from '../passNeed';

interface PassTilesProps {
  /** countWarningNum: the sidebar's number (7 days); undefined while it loads. */
  overdue: number | undefined;
  needs: Record<PassNeed, number>;
  show: PassFilter | '';
  onShow: (filter: PassFilter | '') => void;
}

/**
 * The count tiles at the top of the med pass (issue 29): Overdue (the sidebar's number: red items of the
 * last 7 days not acknowledged), passes Due now, Effect checks due, Done; each tap shows only its passes
 * for the whole day, a second tap everything again.
 */
export function PassTiles({ overdue, needs, show, onShow }: PassTilesProps) {
  const { t } = useTranslation();
  const tile = (filter: PassFilter, label: string, count: number | undefined, tone?: 'overdue' | 'due') => ({
    testId: `emar-tile-${filter}`,
    label,
    count,
    tone,
    pressed: show === filter,
    onClick: () => onShow(show === filter ? '' : filter),
  });
  return (
    <NowTiles
      label={t('emars.tiles.label')}
      testId="emar-tiles"
      tiles={[
        tile('overdue', t('emars.tiles.overdue'), overdue, 'overdue'),
        tile('due', t('emars.tiles.due'), needs.DUE, 'due'),
        tile('checks', t('emars.tiles.checks'), needs.CHECK, 'due'),
        tile('done', t('emars.tiles.done'), needs.DONE),
      ]}
    />
  );
}
