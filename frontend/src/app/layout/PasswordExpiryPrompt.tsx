import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { KeyIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserInfo } from '@/types/api.gen';
import { extendNextUpdatePasswordTime } from '@/features/auth/api/extendNextUpdatePasswordTime';
import { userInfoKey } from '@/features/auth/api/getUserInfo';

/**
 * Advises a password change once the password is past its next update time (90 days); closing the prompt
 * pushes that time 90 days on (spec 000 §4 "Session", spec 001 §9). The layout loads it only then
 * (AppLayout, passwordDue).
 */
export default function PasswordExpiryPrompt({ userInfo }: { userInfo: UserInfo | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(false);

  const later = () => {
    setDismissed(true);
    if (userInfo) {
      void extendNextUpdatePasswordTime(userInfo.userId)
        .then(() => queryClient.invalidateQueries({ queryKey: userInfoKey }))
        .catch(() => undefined);
    }
  };
  const changeNow = () => {
    setDismissed(true);
    void navigate('/change-password');
  };

  return (
    <Dialog isOpen={!dismissed} onClose={later} title={t('auth.passwordExpiry.title')} icon={<KeyIcon />}>
      <DialogBody>
        <p>{t('auth.passwordExpiry.body')}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={later}>{t('auth.passwordExpiry.later')}</Button>
            <Button intent={Intent.PRIMARY} onClick={changeNow}>
              {t('auth.passwordExpiry.changeNow')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
