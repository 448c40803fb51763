import { useState } from 'react';
import { Button, FormGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Plan, TenantRow } from '@/types/api.gen';
import { Select } from '@/components/Select';
import { useAppMutation } from '@/lib/api/mutation';
import { assignPackage, useServicePackageOptions } from '../api/packages';
import { tenantsKey } from '../api/tenants';

interface HomePackageProps {
  row: TenantRow;
  onChanged: (packageId: string, plan: Plan) => void;
}

/**
 * The super admin puts a home on another service package (/service-package-management): its plan becomes the
 * package's and its limits hold from its next action. Only enabled packages are offered (the home's own stays
 * listed); a deleted home has none to change.
 */
export function HomePackage({ row, onChanged }: HomePackageProps) {
  const { t } = useTranslation();
  const shown = row.state !== 'DELETED';
  const packages = useServicePackageOptions(shown);
  const [chosen, setChosen] = useState(row.packageId);
  const assign = useAppMutation({
    mutationFn: (packageId: string) => assignPackage({ tenantId: row.tenantId, packageId }),
    invalidates: [tenantsKey, ['system', 'servicePackages']],
    success: 'platform.tenant.package.done',
    onSuccess: (_d, packageId) => onChanged(packageId, (packages.data ?? []).find((p) => p.id === packageId)?.role ?? row.plan),
  });
  if (!shown) return null;
  const options = (packages.data ?? []).filter((p) => p.status === 'ENABLED' || p.id === row.packageId);
  const known = options.some((p) => p.id === chosen);
  return (
    <FormGroup label={t('platform.tenant.package.label')} labelFor="tenant-package" helperText={t('platform.tenant.package.help')} className="hearth-gap-top">
      <div className="hearth-filter-bar">
        <Select
          id="tenant-package"
          data-testid="tenant-package"
          value={known ? chosen : ''}
          onChange={(e) => setChosen(e.currentTarget.value)}
          options={[
            ...(known ? [] : [{ value: '', label: t('platform.tenant.package.none') }]),
            ...options.map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <Button
          intent={Intent.PRIMARY}
          disabled={!chosen || chosen === row.packageId}
          loading={assign.isPending}
          data-testid="tenant-package-assign"
          onClick={() => assign.mutate(chosen)}
        >
          {t('platform.tenant.package.assign')}
        </Button>
      </div>
    </FormGroup>
  );
}
