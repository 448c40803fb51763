import { Button, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TenantRow } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { HomeFields, OwnerFields, useSignupForm } from '@/components/SignupField';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { EMPTY_SIGNUP, type SignupValues, STEP_FIELDS } from '@/lib/facility/signupRules';
import { createFacilityAccount, tenantsKey } from '../api/tenants';

/**
 * The super admin makes a home and its owner (createFacilityAccount): the home is approved at once, on the
 * default package, and the owner is e-mailed a link to choose a password. The fields and bounds are the
 * sign-up form's; the introduction may stay empty here.
 */
export function NewHomeDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (row: TenantRow) => void }) {
  const { t } = useTranslation();
  const state = useSignupForm(EMPTY_SIGNUP);
  const { values } = state;
  const create = useAppMutation({
    mutationFn: () => {
      const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, typeof x === 'string' ? x.trim() : x])) as unknown as SignupValues;
      return createFacilityAccount({ ...v, introduction: v.introduction || undefined });
    },
    invalidates: [tenantsKey],
    success: 'platform.tenant.createdDone',
    onSuccess: onCreated,
    onError: (err) => state.setErrors(fieldErrors(err)),
  });
  const submit = () => {
    if (state.check([...STEP_FIELDS[0], ...STEP_FIELDS[1]], ['introduction'])) create.mutate();
  };
  return (
    <AppDialog title={t('platform.tenant.newHome')} onClose={onClose} style={{ maxWidth: 640, width: 'calc(100vw - 24px)' }}>
      <form
        noValidate
        data-testid="new-home"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          <p className="hearth-muted">{t('platform.tenant.newHomeIntro')}</p>
          <HomeFields form="new-home" state={state} />
          <OwnerFields form="new-home" state={state} ownerLabel={t('platform.tenant.ownerName')} />
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="submit" intent={Intent.PRIMARY} loading={create.isPending} data-testid="new-home-create">
              {t('platform.tenant.create')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
