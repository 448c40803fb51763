import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveToFacility, useMyFacilities } from '@/lib/session/myFacilities';
import { Select } from '@/components/Select';
import { useSessionStore } from '@/lib/session/store';
import { SUPER_ADMIN } from '../routing';

/**
 * The header's facility switcher, for a user who works in more than one facility: choosing another moves this
 * sign-in there (no sign-out, no new e-mailed code) and reloads the app at the start page, so every page,
 * menu and count is the new facility's.
 */
export function FacilitySwitcher() {
  const { t } = useTranslation();
  const superAdmin = useSessionStore((s) => s.session?.roles.includes(SUPER_ADMIN) ?? false);
  const facilities = useMyFacilities(!superAdmin).data ?? [];
  const [busy, setBusy] = useState(false);
  if (superAdmin || facilities.length < 2) return null;
  const current = facilities.find((f) => f.current)?.tenantId ?? '';
  return (
    <Select
      className="hearth-facility-switcher"
      aria-label={t('layout.header.switchFacility')}
      title={t('layout.header.switchFacility')}
      value={current}
      disabled={busy}
      data-testid="facility-switcher"
      onChange={(e) => {
        const tenantId = e.currentTarget.value;
        if (tenantId === current) return;
        setBusy(true);
        moveToFacility(tenantId, '/').catch(() => setBusy(false));
      }}
      options={facilities.map((f) => ({ value: f.tenantId, label: f.facilityName }))}
    />
  );
}
