import { Button } from '@blueprintjs/core';
import { ChevronRightIcon, HomeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { LoginTenant } from '@/types/api.gen';

interface Props {
  tenants: LoginTenant[];
  /** The facility being signed in to, while its call runs. */
  pending: string | null;
  onChoose: (tenant: LoginTenant) => void;
  onBack: () => void;
}

/** Step 2: the account belongs to several facilities; the user picks one. */
export function FacilityStep({ tenants, pending, onChoose, onBack }: Props) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="hearth-muted">{t('auth.facility.hint')}</p>
      <ul className="hearth-facility-list" aria-label={t('auth.facility.title')}>
        {tenants.map((tenant) => (
          <li key={tenant.tenantId}>
            <Button
              size="large"
              fill
              alignText="start"
              icon={<HomeIcon />}
              endIcon={<ChevronRightIcon />}
              loading={pending === tenant.tenantId}
              disabled={pending !== null && pending !== tenant.tenantId}
              onClick={() => onChoose(tenant)}
            >
              {tenant.facilityName}
            </Button>
          </li>
        ))}
      </ul>
      <div className="hearth-auth-links">
        <Button variant="minimal" size="small" onClick={onBack}>
          {t('auth.facility.otherAccount')}
        </Button>
      </div>
    </div>
  );
}
