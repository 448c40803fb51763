import { Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { HoursPanel } from '../components/HoursPanel';
import { ShiftTypesPanel } from '../components/ShiftTypesPanel';
import '../shifts.css';

type TabId = 'types' | 'hours';

/**
 * /shift-management (spec 000 §2; owners and admins): the shift types with a link to each one's weekly
 * schedule, and scheduled versus worked hours (?tab=hours).
 */
export default function ShiftManagementPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'hours' ? 'hours' : 'types';
  return (
    <div className="hearth-page hearth-shift-page" data-testid="shift-management-page">
      <PageHeader title={t('shifts.page.managementTitle')} />
      <Tabs id="shift-management-tabs" selectedTabId={tab} onChange={(id) => setParams(id === 'types' ? {} : { tab: String(id) }, { replace: true })}>
        <Tab id="types" title={t('shifts.page.typesTab')} panel={<ShiftTypesPanel />} data-testid="tab-types" />
        <Tab id="hours" title={t('shifts.page.hoursTab')} panel={<HoursPanel />} data-testid="tab-hours" />
      </Tabs>
    </div>
  );
}
