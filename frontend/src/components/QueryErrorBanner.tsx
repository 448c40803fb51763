import { Button, Callout, Intent } from '@blueprintjs/core';
import { RefreshIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';

/** The part of a TanStack query the banner reads. */
export interface RetryableQuery {
  isError: boolean;
  isFetching: boolean;
  data: unknown;
  refetch: () => unknown;
}

/**
 * A failed read, with Retry. TanStack Query keeps the last data when a refetch fails, so the page goes on
 * showing it under this banner ("what you see may be out of date") instead of replacing it with an error.
 */
export function QueryErrorBanner({ query }: { query: RetryableQuery }) {
  const { t } = useTranslation();
  if (!query.isError) return null;
  const stale = query.data !== undefined;
  return (
    <Callout intent={Intent.WARNING} compact className="hearth-gap-bottom" role="alert" data-testid="query-error">
      {stale ? t('common.load.staleData') : t('common.load.failed')}{' '}
      <Button size="small" icon={<RefreshIcon />} loading={query.isFetching} onClick={() => void query.refetch()} data-testid="query-retry">
        {t('common.action.retry')}
      </Button>
    </Callout>
  );
}
