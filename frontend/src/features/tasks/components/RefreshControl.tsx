import { useTranslation } from 'react-i18next';
import { RefreshControl as WatchedPageRefresh } from '@/components/RefreshControl';

/** The task page's refresh control (components/RefreshControl), announcing "Tasks updated at …". */
export function RefreshControl({ refresh, zoneCode }: { refresh: () => Promise<unknown>; zoneCode: string | undefined }) {
  const { t } = useTranslation();
  return <WatchedPageRefresh refresh={refresh} zoneCode={zoneCode} announce={(time) => t('tasks.refresh.updated', { time })} testIdPrefix="task" />;
}
