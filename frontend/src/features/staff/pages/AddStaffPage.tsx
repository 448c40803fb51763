import { useState } from 'react';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Caregiver } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { sidebarCountsKey } from '@/features/menu/api/sidebarReminderCount';
import { staffKey } from '../api/keys';
import { saveCaregiver } from '../api/saveCaregiver';
import { emptyStaff, StaffForm } from '../components/StaffForm';
import { useViewer } from '../viewer';
import '../staff.css';

/** /staff-management/add: creates the account and e-mails the invite (issue 5 "/caregiver/save"). */
export default function AddStaffPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const [saved, setSaved] = useState<Caregiver | null>(null);
  const [formKey, setFormKey] = useState(0);

  return (
    <div className="hearth-page">
      <PageHeader title={t('staff.add.title')} />
      {saved ? (
        <Callout intent={Intent.SUCCESS} icon={<EnvelopeIcon />} title={t('staff.add.savedTitle', { name: saved.name })} data-testid="invite-sent">
          <p>{t('staff.add.inviteSent', { email: saved.email })}</p>
          <div className="hearth-actions-row">
            <Button intent={Intent.PRIMARY} onClick={() => void navigate(`/staff-management/detail/${encodeURIComponent(saved.caregiverId)}`)}>
              {t('staff.add.openDetail')}
            </Button>
            <Button
              onClick={() => {
                setSaved(null);
                setFormKey((k) => k + 1);
              }}
            >
              {t('staff.add.another')}
            </Button>
            <Button variant="minimal" onClick={() => void navigate('/staff-management')}>
              {t('staff.add.backToList')}
            </Button>
          </div>
        </Callout>
      ) : (
        <StaffForm
          key={formKey}
          initial={emptyStaff(viewer.today)}
          canChooseRole={viewer.owner}
          submitText={t('staff.add.submit')}
          onCancel={() => void navigate('/staff-management')}
          onSubmit={async (v) => {
            const created = await saveCaregiver(
              {
                account: v.account,
                name: v.name.trim(),
                email: v.email,
                phone: v.phone.trim(),
                roleType: v.roleType,
                color: v.color || undefined,
                hireDate: v.hireDate,
                birthDate: v.birthDate || undefined,
                specialties: v.specialties,
                nurseDelegation: v.nurseDelegation,
                diabetesDelegation: v.diabetesDelegation,
                language: v.language || undefined,
              },
              t('staff.add.operation'),
            );
            void queryClient.invalidateQueries({ queryKey: staffKey });
            void queryClient.invalidateQueries({ queryKey: sidebarCountsKey });
            setSaved(created);
          }}
        />
      )}
    </div>
  );
}
