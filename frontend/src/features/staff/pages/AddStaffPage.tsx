import { useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { TitledCallout } from '@/components/TitledCallout';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Caregiver } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { useAppMutation } from '@/lib/api/mutation';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { staffKey } from '../api/keys';
import { saveCaregiver } from '../api/saveCaregiver';
import { emptyStaff, StaffForm } from '../components/StaffForm';
import { useViewer } from '../viewer';
import '../staff.css';

/** /staff-management/add: creates the account and e-mails the invite (issue 5 "/caregiver/save"). */
export default function AddStaffPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const [saved, setSaved] = useState<Caregiver | null>(null);
  const [formKey, setFormKey] = useState(0);
  // The page itself says who was added and where the invite went: no toast.
  const save = useAppMutation({ mutationFn: saveCaregiver, invalidates: [staffKey, sidebarCountsKey], onSuccess: setSaved });

  return (
    <div className="hearth-page">
      <PageHeader title={t('staff.add.title')} />
      {saved ? (
        <TitledCallout level={2} intent={Intent.SUCCESS} icon={<EnvelopeIcon />} title={t('staff.add.savedTitle', { name: saved.name })} data-testid="invite-sent">
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
        </TitledCallout>
      ) : (
        <StaffForm
          key={formKey}
          initial={emptyStaff(viewer.today)}
          canChooseRole={viewer.owner}
          submitText={t('staff.add.submit')}
          onCancel={() => void navigate('/staff-management')}
          busy={save.isPending}
          error={save.error}
          onSubmit={(v) =>
            save.mutate({
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
            })
          }
        />
      )}
    </div>
  );
}
