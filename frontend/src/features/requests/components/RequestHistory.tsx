import { useState } from 'react';
import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Pager } from '@/components/Pager';
import { SHORT_PAGE_SIZE } from '@/components/pager';
import { useSessionStore } from '@/lib/session/store';
import { useApplicationForms } from '../api/listApplicationFormByPage';
import { RequestTable } from './RequestTable';

/** A person's requests, newest first: a caregiver's own (no creator), or one staff member's (owner/admin). */
export function RequestHistory({ creator }: { creator?: string }) {
  const { t } = useTranslation();
  const zone = useSessionStore((s) => s.session?.timeZone) || undefined;
  const [paging, setPaging] = useState({ current: 1, size: SHORT_PAGE_SIZE });
  const list = useApplicationForms({ ...paging, data: creator ? { creator } : {} });
  if (list.isPending) return <Spinner size={20} />;
  return (
    <div data-testid="request-history">
      <QueryErrorBanner query={list} />
      <RequestTable records={list.data?.records ?? []} zone={zone} label={t('requests.title')} />
      <Pager current={paging.current} size={paging.size} total={list.data?.total ?? 0} onChange={(current, size) => setPaging({ current, size })} />
    </div>
  );
}
