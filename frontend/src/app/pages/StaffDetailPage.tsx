import { useState, type ReactNode } from 'react';
import { Alert, Button, Callout, Intent, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { ArrowDownIcon, ArrowUpIcon, BanCircleIcon, EditIcon, TrashIcon, UnlockIcon, UploadIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Caregiver } from '@/types/api.gen';
import { DetailList } from '@/components/DetailList';
import { PageHeader } from '@/components/PageHeader';
import { currentLanguage } from '@/lib/i18n';
import { roleLabel } from '@/lib/i18n/labels';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { useAppMutation } from '@/lib/api/mutation';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { AttendancePanel } from '@/features/attendance/components/AttendancePanel';
import { RequestHistory } from '@/features/requests/components/RequestHistory';
import { HoursPanel } from '@/features/shifts/components/HoursPanel';
import { useCaregiverFiles, useCaregiverInspections } from '@/features/staff/api/caregiverFiles';
import { changeRoleType, deleteCaregiver, disableCaregiver, enableCaregiver } from '@/features/staff/api/caregiverStatus';
import { useCaregiver } from '@/features/staff/api/getCaregiverById';
import { staffKey } from '@/features/staff/api/keys';
import { updateCaregiver } from '@/features/staff/api/updateCaregiver';
import { CredentialChecklist } from '@/features/staff/components/CredentialChecklist';
import { CredentialRecords } from '@/features/staff/components/CredentialRecords';
import { CredentialUploadDialog } from '@/features/staff/components/CredentialUploadDialog';
import { ColorSwatch, RoleTag, StaffAvatar, StaffStatusTag } from '@/features/staff/components/StaffBits';
import { StaffForm, staffFormValue } from '@/features/staff/components/StaffForm';
import { specialtyLabel } from '@/features/staff/staffLabels';
import { ROLE_ADMIN, ROLE_CAREGIVER, staffActions } from '@/features/staff/staffRules';
import { useViewer } from '@/features/staff/viewer';
import '@/features/staff/staff.css';
import '@/features/shifts/shifts.css';

type Pending = 'disable' | 'enable' | 'delete' | 'promote' | 'demote';

const DONE_KEYS = {
  disable: 'staff.done.disabled',
  enable: 'staff.done.enabled',
  delete: 'staff.done.removed',
  promote: 'staff.done.promoted',
  demote: 'staff.done.demoted',
} as const satisfies Record<Pending, string>;

/** The detail's tabs; `?tab=` opens one (the attendance overview links to `?tab=attendance`). */
const DETAIL_TABS = ['credentials', 'profile', 'attendance', 'requests', 'shifts'] as const;

/** /staff-management/detail/:id: profile, credentials, attendance, requests and scheduled vs worked hours of one staff member. */
export default function StaffDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useCaregiver(id);
  if (detail.isPending) return <Spinner size={32} className="hearth-gap-top" />;
  if (!detail.data) return <EmptyState title={t('staff.detail.notFound')} />;
  return <StaffDetail staff={detail.data} />;
}

function StaffDetail({ staff }: { staff: Caregiver }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const actions = staffActions(viewer.roles, viewer.userId, staff);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = DETAIL_TABS.find((id) => id === asked) ?? 'credentials';
  const setTab = (next: string) => setParams(next === 'credentials' ? {} : { tab: next }, { replace: true });
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState<{ type?: string } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const inspections = useCaregiverInspections(staff.caregiverId);
  const files = useCaregiverFiles(staff.caregiverId);

  const act = useAppMutation({
    mutationFn: (action: Pending) => {
      const q = { caregiverId: staff.caregiverId };
      switch (action) {
        case 'disable':
          return disableCaregiver(q);
        case 'enable':
          return enableCaregiver(q);
        case 'promote':
          return changeRoleType({ ...q, roleType: ROLE_ADMIN });
        case 'demote':
          return changeRoleType({ ...q, roleType: ROLE_CAREGIVER });
        case 'delete':
          return deleteCaregiver(q);
      }
    },
    invalidates: [staffKey, sidebarCountsKey],
    success: (_, action) => DONE_KEYS[action],
    onSuccess: (_, action) => {
      if (action === 'delete') void navigate('/staff-management', { replace: true });
    },
    onSettled: () => setPending(null),
  });

  const save = useAppMutation({
    mutationFn: updateCaregiver,
    invalidates: [staffKey, sidebarCountsKey],
    success: 'staff.done.saved',
    onSuccess: () => setEditing(false),
  });

  const confirmText: Record<Pending, ReactNode> = {
    disable: t('staff.detail.disableConfirm', { name: staff.name }),
    enable: t('staff.detail.enableConfirm', { name: staff.name }),
    delete: t('staff.detail.deleteConfirm', { name: staff.name }),
    promote: t('staff.detail.promoteConfirm', { name: staff.name }),
    demote: t('staff.detail.demoteConfirm', { name: staff.name }),
  };

  return (
    <div className="hearth-page">
      <div className="hearth-staff-name">
        <StaffAvatar name={staff.name} avatar={staff.avatar} color={staff.color} />
        <PageHeader title={staff.name} />
      </div>
      <div className="hearth-tag-row">
        <ColorSwatch color={staff.color} />
        <RoleTag role={staff.roleType} />
        <StaffStatusTag status={staff.status} />
      </div>
      <div className="hearth-actions-row" data-testid="staff-actions">
        {actions.promote ? (
          <Button icon={<ArrowUpIcon />} onClick={() => setPending('promote')} data-testid="promote">
            {t('staff.detail.promote')}
          </Button>
        ) : null}
        {actions.demote ? (
          <Button icon={<ArrowDownIcon />} onClick={() => setPending('demote')} data-testid="demote">
            {t('staff.detail.demote')}
          </Button>
        ) : null}
        {actions.disable ? (
          <Button icon={<BanCircleIcon />} intent={Intent.WARNING} onClick={() => setPending('disable')} data-testid="disable">
            {t('staff.detail.disable')}
          </Button>
        ) : null}
        {actions.enable ? (
          <Button icon={<UnlockIcon />} intent={Intent.SUCCESS} onClick={() => setPending('enable')} data-testid="enable">
            {t('staff.detail.enable')}
          </Button>
        ) : null}
        {actions.delete ? (
          <Button icon={<TrashIcon />} intent={Intent.DANGER} variant="outlined" onClick={() => setPending('delete')} data-testid="delete">
            {t('staff.detail.delete')}
          </Button>
        ) : null}
      </div>

      <Tabs id="staff-detail-tabs" selectedTabId={tab} onChange={(next) => setTab(String(next))}>
        <Tab
          id="credentials"
          title={t('staff.detail.credentialsTab')}
          panel={
            <>
              {actions.uploadCredential ? (
                <Button intent={Intent.PRIMARY} icon={<UploadIcon />} onClick={() => setUploading({})} data-testid="upload-credential">
                  {t('staff.credential.upload')}
                </Button>
              ) : null}
              <h2 className="hearth-section-title">{t('staff.credential.checklist')}</h2>
              <CredentialChecklist
                data={inspections.data}
                loading={inspections.isPending}
                onUpload={actions.uploadCredential ? (type) => setUploading({ type }) : undefined}
              />
              <h2 className="hearth-section-title">{t('staff.credential.records')}</h2>
              <CredentialRecords records={files.data ?? []} />
            </>
          }
        />
        <Tab
          id="profile"
          title={t('staff.detail.profileTab')}
          panel={
            editing ? (
              <StaffForm
                initial={staffFormValue(staff)}
                userId={staff.userId}
                caregiverId={staff.caregiverId}
                canChooseRole={false}
                submitText={t('staff.detail.save')}
                onCancel={() => setEditing(false)}
                busy={save.isPending}
                error={save.error}
                onSubmit={(v) =>
                  save.mutate({
                    caregiverId: staff.caregiverId,
                    name: v.name.trim(),
                    email: v.email,
                    phone: v.phone.trim(),
                    color: v.color,
                    hireDate: v.hireDate,
                    birthDate: v.birthDate || undefined,
                    specialties: v.specialties,
                    nurseDelegation: v.nurseDelegation,
                    diabetesDelegation: v.diabetesDelegation,
                  })
                }
              />
            ) : (
              <>
                {actions.edit ? (
                  <Button icon={<EditIcon />} onClick={() => setEditing(true)} data-testid="edit-profile">
                    {t('staff.detail.edit')}
                  </Button>
                ) : null}
                {staff.status === 'unverified' ? (
                  <Callout intent={Intent.WARNING} compact className="hearth-gap-top">
                    {t('staff.detail.unverifiedHint')}
                  </Callout>
                ) : null}
                <DetailList
                  rows={[
                    { label: t('staff.field.account'), value: staff.account },
                    { label: t('staff.field.email'), value: staff.email },
                    { label: t('staff.field.phone'), value: staff.phone },
                    { label: t('staff.field.role'), value: roleLabel(t, staff.roleType) },
                    { label: t('staff.field.hireDate'), value: formatCalendarDate(staff.hireDate, currentLanguage()) },
                    { label: t('staff.field.birthDate'), value: staff.birthDate ? formatCalendarDate(staff.birthDate, currentLanguage()) : '—' },
                    {
                      label: t('staff.field.specialties'),
                      value: (staff.specialties ?? []).map((s) => specialtyLabel(t, s)).join(', ') || '—',
                    },
                    {
                      label: t('staff.field.delegation'),
                      value:
                        [staff.nurseDelegation ? t('staff.field.nurseDelegation') : '', staff.diabetesDelegation ? t('staff.field.diabetesDelegation') : '']
                          .filter(Boolean)
                          .join(', ') || '—',
                    },
                  ]}
                />
              </>
            )
          }
        />
        <Tab id="attendance" title={t('staff.detail.attendanceTab')} panel={<AttendancePanel caregiverId={staff.caregiverId} />} />
        <Tab id="requests" title={t('staff.detail.requestsTab')} panel={<RequestHistory creator={staff.userId} />} />
        <Tab id="shifts" title={t('shifts.staff.tab')} panel={<HoursPanel caregiverId={staff.caregiverId} />} data-testid="tab-shifts" />
      </Tabs>

      {uploading ? (
        <CredentialUploadDialog
          caregiverId={staff.caregiverId}
          initialType={uploading.type}
          today={viewer.today}
          onClose={() => setUploading(null)}
          onUploaded={() => setUploading(null)}
        />
      ) : null}
      <Alert
        isOpen={pending !== null}
        aria-labelledby="staff-confirm-text"
        intent={pending === 'delete' || pending === 'disable' ? Intent.DANGER : Intent.PRIMARY}
        confirmButtonText={t('common.action.confirm')}
        cancelButtonText={t('common.action.cancel')}
        loading={act.isPending}
        canEscapeKeyCancel
        onCancel={() => setPending(null)}
        onConfirm={() => pending && act.mutate(pending)}
      >
        <p id="staff-confirm-text" data-testid="staff-confirm">{pending ? confirmText[pending] : null}</p>
      </Alert>
    </div>
  );
}
