import { useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useAppMutation } from '@/lib/api/mutation';
import { useTranslation } from 'react-i18next';
import { sendRetrievePasswordEmail } from '../api/sendRetrievePasswordEmail';
import { SignInAccountMax } from '@/types/api.gen';

/** "Forgot password?": asks for the account or e-mail, then says a link was sent if the account exists. */
export function ForgotPasswordDialog({ isOpen, onClose, initialAccount }: { isOpen: boolean; onClose: () => void; initialAccount: string }) {
  const { t } = useTranslation();
  const [account, setAccount] = useState(initialAccount);
  const send = useAppMutation({ mutationFn: sendRetrievePasswordEmail });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (account.trim() !== '') send.mutate({ account: account.trim() });
  };
  const close = () => {
    send.reset();
    onClose();
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('auth.forgot.title')} onOpening={() => setAccount(initialAccount)}>
      <form onSubmit={submit}>
        <DialogBody>
          {send.isSuccess ? (
            <Callout intent={Intent.SUCCESS}>{t('auth.forgot.sent')}</Callout>
          ) : (
            <>
              <p>{t('auth.forgot.hint')}</p>
              <FormGroup label={t('auth.forgot.field')} labelFor="forgot-account">
                <InputGroup
                  id="forgot-account"
                  autoFocus
                  value={account}
                  maxLength={SignInAccountMax}
                  onValueChange={setAccount}
                  autoComplete="username"
                />
              </FormGroup>
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            send.isSuccess ? (
              <Button intent={Intent.PRIMARY} onClick={close}>
                {t('common.action.ok')}
              </Button>
            ) : (
              <>
                <Button onClick={close}>{t('common.action.cancel')}</Button>
                <Button type="submit" intent={Intent.PRIMARY} loading={send.isPending} disabled={account.trim() === ''}>
                  {t('auth.forgot.submit')}
                </Button>
              </>
            )
          }
        />
      </form>
    </Dialog>
  );
}
