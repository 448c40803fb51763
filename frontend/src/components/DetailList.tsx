import type { ReactNode } from 'react';

/** Label/value rows, as a description list. */
export function DetailList({ rows }: { rows: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <dl className="hearth-detail-list">
      {rows.map((row) => (
        <div key={row.label} className="hearth-detail-row">
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
