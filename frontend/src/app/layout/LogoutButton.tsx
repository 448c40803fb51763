import { useId, useState } from 'react';
import { Alert, Button, Intent } from '@blueprintjs/core';
import { LogOutIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useAppMutation } from '@/lib/api/mutation';
import { signOut } from '@/features/auth/signOut';

/** Sign out, after a confirmation (spec 000 §2 "Layout"). */
export function LogoutButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  // signOut reloads the page on /login, so the button stays busy until then.
  const leave = useAppMutation({ mutationFn: () => signOut() });
  return (
    <>
      <Button variant="minimal" icon={<LogOutIcon />} onClick={() => setOpen(true)}>
        {t('auth.logout.action')}
      </Button>
      <Alert
        isOpen={open}
        aria-labelledby={titleId}
        icon={<LogOutIcon />}
        intent={Intent.PRIMARY}
        confirmButtonText={t('auth.logout.action')}
        cancelButtonText={t('common.action.cancel')}
        loading={leave.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => leave.mutate()}
      >
        <h2 id={titleId} className="bp6-heading hearth-alert-title">{t('auth.logout.confirmTitle')}</h2>
        <p>{t('auth.logout.confirmBody')}</p>
      </Alert>
    </>
  );
}
