import { Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { HoursPanel } from '../components/HoursPanel';
import { RosterPanel } from '../components/RosterPanel';
import { ShiftTypesPanel } from '../components/ShiftTypesPanel';
import '../shifts.css';

type TabId = 'roster' | 'hours' | 'types';

/**
 * /shift-management (spec 000 §2; owners and admins): opens on the week's roster (staff × days across every
 * shift type); scheduled versus worked hours (?tab=hours); the shift types as settings (?tab=types), each with
 * a link to its own week.
 */
export default function ShiftManagementPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabId = asked === 'hours' || asked === 'types' ? asked : 'roster';
  return (
    <div className="hearth-page hearth-shift-page" data-testid="shift-management-page">
      <PageHeader title={t('shifts.page.managementTitle')} />
      <Tabs id="shift-management-tabs" selectedTabId={tab} onChange={(id) => setParams(id === 'roster' ? {} : { tab: String(id) }, { replace: true })}>
        <Tab id="roster" title={t('shifts.page.rosterTab')} panel={<RosterPanel />} data-testid="tab-roster" />
        <Tab id="hours" title={t('shifts.page.hoursTab')} panel={<HoursPanel />} data-testid="tab-hours" />
        <Tab id="types" title={t('shifts.page.settingsTab')} panel={<ShiftTypesPanel />} data-testid="tab-types" />
      </Tabs>
    </div>
  );
}
