import './nowTiles.css';

/** One count tile: a number and what it counts; `pressed` when the list shows only its items. */
export interface NowTile {
  testId: string;
  label: string;
  /** undefined while it loads (shown as "–"). */
  count: number | undefined;
  /** overdue: red when it has items; due: blue when it has items. */
  tone?: 'overdue' | 'due';
  /** undefined for a tile that opens another view instead of filtering this one. */
  pressed?: boolean;
  onClick: () => void;
}

interface NowTilesProps {
  /** The group's name for a screen reader. */
  label: string;
  tiles: readonly NowTile[];
  testId: string;
  /** data-* attributes the group carries (figures a journey reads). */
  data?: Record<`data-${string}`, string | number>;
}

/**
 * The count tiles at the top of a page built around "now" (today's tasks, the med pass): four in a row, on a
 * phone too; a tap shows only that tile's items, a second tap everything again.
 */
export function NowTiles({ label, tiles, testId, data }: NowTilesProps) {
  return (
    <div className="hearth-now-tiles" role="group" aria-label={label} data-testid={testId} {...data}>
      {tiles.map((tile) => (
        <button
          key={tile.testId}
          type="button"
          className={`hearth-now-tile${tile.tone ? ` is-${tile.tone}` : ''}${tile.count ? ' has-items' : ''}`}
          aria-pressed={tile.pressed}
          onClick={tile.onClick}
          data-testid={tile.testId}
          data-count={tile.count ?? ''}
        >
          <strong>{tile.count ?? '–'}</strong> <span>{tile.label}</span>
        </button>
      ))}
    </div>
  );
}
