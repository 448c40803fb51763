import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { ErrorIcon, TimeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';

/** Placeholder help line until the real number is configured (spec 001 §8 "pending-approval dialog"). */
export const HELP_PHONE = '1-800-000-0000';

export function LoginFailedDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={message !== null} onClose={onClose} title={t('auth.failure.title')} icon={<ErrorIcon />}>
      <DialogBody>
        <p>{message || t('auth.failure.unknown')}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent={Intent.PRIMARY} onClick={onClose}>
            {t('common.action.ok')}
          </Button>
        }
      />
    </Dialog>
  );
}

export function PendingApprovalDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('auth.pending.title')} icon={<TimeIcon />}>
      <DialogBody>
        <p>{t('auth.pending.body')}</p>
        <p>{t('auth.pending.contact', { phone: HELP_PHONE })}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent={Intent.PRIMARY} onClick={onClose}>
            {t('common.action.ok')}
          </Button>
        }
      />
    </Dialog>
  );
}
