import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SUBSCRIPTION_TITLE_KEYS } from '@/lib/api/catalogue';
import { signOut } from '@/features/auth/signOut';
import { dismissNotice, useNoticeStore } from '@/lib/feedback/notices';

/** Shows the dialogs the API client and the route guard raise (spec 001 §8). */
export function NoticeHost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useNoticeStore((s) => s.notice);

  if (notice?.kind === 'subscription') {
    const titleKey = SUBSCRIPTION_TITLE_KEYS[notice.code as keyof typeof SUBSCRIPTION_TITLE_KEYS];
    return (
      <Dialog isOpen onClose={dismissNotice} title={t(titleKey)} icon={<WarningSignIcon className="bp6-intent-warning" />}>
        <DialogBody>
          {notice.message ? <p>{notice.message}</p> : null}
          <p>{t('api.subscription.hint')}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={dismissNotice}>{t('common.action.cancel')}</Button>
              <Button
                intent={Intent.WARNING}
                onClick={() => {
                  dismissNotice();
                  void navigate('/my-subscription');
                }}
              >
                {t('common.action.confirm')}
              </Button>
            </>
          }
        />
      </Dialog>
    );
  }

  if (notice?.kind === 'menu-failed') {
    const leave = () => {
      dismissNotice();
      void signOut();
    };
    return (
      <Dialog isOpen onClose={leave} title={t('auth.menuFailed.title')} icon={<WarningSignIcon className="bp6-intent-warning" />}>
        <DialogBody>
          <p>{t('auth.menuFailed.body')}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <Button intent={Intent.PRIMARY} onClick={leave}>
              {t('common.action.ok')}
            </Button>
          }
        />
      </Dialog>
    );
  }
  return null;
}
