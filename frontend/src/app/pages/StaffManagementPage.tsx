import { useState } from 'react';
import { Button, InputGroup, Intent, Tab, Tabs } from '@blueprintjs/core';
import { PlusIcon, SearchIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import type { CaregiverFilter } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { SHORT_PAGE_SIZE } from '@/components/pager';
import { AttendanceOverviewPanel } from '@/features/attendance/components/AttendanceOverviewPanel';
import { kioskDevicesKey, registerKiosk } from '@/features/attendance/api/kioskDevices';
import { KioskDevicesPanel } from '@/features/attendance/components/KioskDevicesPanel';
import { ThisComputerKioskCard } from '@/features/desktop/components/ThisComputerKioskCard';
import { ApprovalsPanel } from '@/features/requests/components/ApprovalsPanel';
import { useCaregiverList } from '@/features/staff/api/listCaregiverByPage';
import { StaffTable } from '@/features/staff/components/StaffTable';
import { STATUS_KEYS, statusLabel } from '@/features/staff/staffLabels';
import { useViewer } from '@/features/staff/viewer';
import '@/features/staff/staff.css';
import { StaffNameMax } from '@/types/api.gen';
import { Select } from '@/components/Select';

type TabId = 'staff' | 'attendance' | 'requests' | 'kiosks';

/** /staff-management (owner/admin): the staff list, everyone's hours, and the requests to decide (spec 000 §2, "Applications"). */
export default function StaffManagementPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { owner } = useViewer();
  const asked = params.get('tab');
  const tab: TabId =
    asked === 'requests' || asked === 'attendance' ? asked : asked === 'kiosks' && owner ? 'kiosks' : 'staff';
  return (
    <div className="hearth-page">
      <PageHeader title={t('staff.page.title')} />
      <Tabs
        id="staff-tabs"
        selectedTabId={tab}
        onChange={(id) => setParams(id === 'staff' ? {} : { tab: String(id) }, { replace: true })}
        large
      >
        <Tab id="staff" title={t('staff.page.staffTab')} panel={<StaffPanel />} data-testid="tab-staff" />
        <Tab
          id="attendance"
          title={t('staff.page.attendanceTab')}
          panel={<AttendanceOverviewPanel detailLink={(id) => `/staff-management/detail/${encodeURIComponent(id)}?tab=attendance`} />}
          data-testid="tab-attendance"
        />
        <Tab id="requests" title={t('staff.page.requestsTab')} panel={<ApprovalsPanel />} data-testid="tab-requests" />
        {owner ? <Tab id="kiosks" title={t('staff.page.kiosksTab')} panel={<KiosksPanel />} data-testid="tab-kiosks" /> : null}
      </Tabs>
    </div>
  );
}

/** Door kiosks: the registered devices, and in the desktop app "Use this computer as a door kiosk". */
function KiosksPanel() {
  const queryClient = useQueryClient();
  const register = async (deviceName: string) => {
    const registration = await registerKiosk({ deviceName });
    void queryClient.invalidateQueries({ queryKey: kioskDevicesKey });
    return registration;
  };
  return (
    <>
      <KioskDevicesPanel />
      <ThisComputerKioskCard register={register} />
    </>
  );
}

function StaffPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<CaregiverFilter>({});
  const [paging, setPaging] = useState({ current: 1, size: SHORT_PAGE_SIZE });
  const list = useCaregiverList({ ...paging, data: filter });

  const search = (next: CaregiverFilter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, current: 1 }));
  };

  return (
    <>
      <div className="hearth-filter-bar">
        <InputGroup
          leftIcon={<SearchIcon />}
          placeholder={t('staff.list.search')}
          aria-label={t('staff.list.search')}
          value={name}
          maxLength={StaffNameMax}
          onValueChange={setName}
          onKeyDown={(e) => {
            if (e.key === 'Enter') search({ ...filter, name: name.trim() || undefined });
          }}
        />
        <Select
          aria-label={t('staff.field.status')}
          value={filter.status ?? ''}
          onChange={(e) => search({ ...filter, status: e.currentTarget.value || undefined })}
        >
          <option value="">{t('staff.list.allStatuses')}</option>
          {Object.keys(STATUS_KEYS).map((s) => (
            <option key={s} value={s}>
              {statusLabel(t, s)}
            </option>
          ))}
        </Select>
        <Button icon={<SearchIcon />} onClick={() => search({ ...filter, name: name.trim() || undefined })}>
          {t('staff.list.query')}
        </Button>
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={() => void navigate('/staff-management/add')} data-testid="add-staff">
          {t('staff.list.add')}
        </Button>
      </div>
      <QueryErrorBanner query={list} />
      <StaffTable records={list.data?.records ?? []} loading={list.isPending} />
      <Pager current={paging.current} size={paging.size} total={list.data?.total ?? 0} onChange={(current, size) => setPaging({ current, size })} />
    </>
  );
}
