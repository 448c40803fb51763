import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { ErrorIcon, TimeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { usePublicParams } from '../api/getPublicParams';

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

/**
 * The pending-approval dialog (spec 001 §8): the help phone is the run-time parameter support.helpPhone,
 * read from GET /api/system/params/public when the dialog opens; empty (or unreadable) shows no phone line.
 */
export function PendingApprovalDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePublicParams().data?.helpPhone ?? '';
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('auth.pending.title')} icon={<TimeIcon />}>
      <DialogBody>
        <p>{t('auth.pending.body')}</p>
        {phone ? <p data-testid="pending-help-phone">{t('auth.pending.contact', { phone })}</p> : null}
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
