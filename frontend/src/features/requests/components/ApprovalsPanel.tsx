import { useState } from 'react';
import { Button, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { ApplicationPending, type ApplicationForm, type ApplicationFormFilter } from '@/types/api.gen';
import { Pager } from '@/components/Pager';
import { SHORT_PAGE_SIZE } from '@/components/pager';
import { useSessionStore } from '@/lib/session/store';
import { useApplicationForms } from '../api/listApplicationFormByPage';
import { statusLabel } from '../requestLabels';
import { approvalsOrder } from '../requestRules';
import { DecisionDialog } from './DecisionDialog';
import { RequestTable } from './RequestTable';
import { Select } from '@/components/Select';

/** The owner/admin approvals list: pending requests first, then the history (issue 5 "Requests"). */
export function ApprovalsPanel() {
  const { t } = useTranslation();
  const zone = useSessionStore((s) => s.session?.timeZone) || undefined;
  const pending = useApplicationForms({ current: 1, size: 100, data: { status: ApplicationPending } });
  const [filter, setFilter] = useState<ApplicationFormFilter>({});
  const [paging, setPaging] = useState({ current: 1, size: SHORT_PAGE_SIZE });
  const history = useApplicationForms({ ...paging, data: filter });
  const [deciding, setDeciding] = useState<{ request: ApplicationForm; decision: 'approve' | 'refuse' } | null>(null);

  const actions = (r: ApplicationForm) => (
    <>
      <Button size="small" intent={Intent.SUCCESS} onClick={() => setDeciding({ request: r, decision: 'approve' })} data-testid="approve">
        {t('requests.approval.approve')}
      </Button>{' '}
      <Button size="small" intent={Intent.DANGER} variant="outlined" onClick={() => setDeciding({ request: r, decision: 'refuse' })} data-testid="refuse">
        {t('requests.approval.refuse')}
      </Button>
    </>
  );

  return (
    <div data-testid="approvals">
      <h2 className="hearth-section-title">{t('requests.approval.pending', { n: pending.data?.total ?? 0 })}</h2>
      {pending.isPending ? (
        <Spinner size={20} />
      ) : (
        <div data-testid="pending-requests">
          <QueryErrorBanner query={pending} />
          <RequestTable
            records={approvalsOrder(pending.data?.records ?? [])}
            zone={zone}
            showCreator
            actions={actions}
            label={t('requests.approval.pending', { n: pending.data?.total ?? 0 })}
          />
        </div>
      )}
      <h2 className="hearth-section-title">{t('requests.approval.history')}</h2>
      <div className="hearth-filter-bar">
        <Select
          aria-label={t('requests.field.status')}
          value={filter.status ?? ''}
          onChange={(e) => {
            setFilter(e.currentTarget.value ? { status: e.currentTarget.value } : {});
            setPaging((p) => ({ ...p, current: 1 }));
          }}
        >
          <option value="">{t('requests.list.allStatuses')}</option>
          {['PENDING', 'APPROVED', 'REFUSED'].map((s) => (
            <option key={s} value={s}>
              {statusLabel(t, s)}
            </option>
          ))}
        </Select>
      </div>
      <div data-testid="request-history">
        <QueryErrorBanner query={history} />
        <RequestTable records={approvalsOrder(history.data?.records ?? [])} zone={zone} showCreator label={t('requests.approval.history')} />
      </div>
      <Pager current={paging.current} size={paging.size} total={history.data?.total ?? 0} onChange={(current, size) => setPaging({ current, size })} />
      {deciding ? (
        <DecisionDialog
          request={deciding.request}
          decision={deciding.decision}
          zone={zone}
          onClose={() => setDeciding(null)}
          onDecided={() => setDeciding(null)}
        />
      ) : null}
    </div>
  );
}
