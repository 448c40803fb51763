import type { ReactElement } from 'react';
import { Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';

/**
 * What a list table shows under its header when it has no rows: a spinner while the first page loads,
 * else the feature's "nothing here" message with its icon.
 */
export function TableEmpty({ loading, icon, title }: { loading: boolean; icon: ReactElement; title: string }) {
  if (loading) {
    return (
      <div className="hearth-center">
        <Spinner size={24} />
      </div>
    );
  }
  return <EmptyState icon={icon} title={title} className="hearth-gap-top" />;
}
