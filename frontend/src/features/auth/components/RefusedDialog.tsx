import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A refused home's sign-in (4108): the reviewer's reason and the way to fix and send the registration again. */
export function RefusedDialog({ reason, fixToken, onClose }: { reason: string; fixToken: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog isOpen onClose={onClose} title={t('auth.refusedDialog.title')} icon={<ErrorIcon />}>
      <DialogBody>
        <p>{t('auth.refusedDialog.body')}</p>
        {reason ? <p data-testid="refused-reason">{t('auth.refusedDialog.reason', { reason })}</p> : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            {fixToken ? (
              <Button intent={Intent.PRIMARY} data-testid="refused-fix" onClick={() => void navigate(`/signup?fix=${encodeURIComponent(fixToken)}`)}>
                {t('auth.refusedDialog.fix')}
              </Button>
            ) : null}
          </>
        }
      />
    </Dialog>
  );
}
