import { FormGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from './PasswordInput';
import { PasswordRuleList } from './PasswordRuleList';
import { PasswordMaxLength } from '@/types/api.gen';

interface Props {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  /** Show problems even before the user leaves the field (after a submit attempt). */
  touched: boolean;
  serverError?: string;
}

/** New password and its confirmation, with the rule ticked off while typing (spec 000 §5). */
export function NewPasswordFields({ password, confirm, onPassword, onConfirm, touched, serverError }: Props) {
  const { t } = useTranslation();
  const mismatch = confirm !== '' && confirm !== password;
  const confirmMessage =
    touched && confirm === '' ? t('auth.changePassword.required') : mismatch ? t('auth.passwordRule.mismatch') : undefined;
  return (
    <>
      <FormGroup
        label={t('auth.changePassword.new')}
        labelFor="new-password"
        intent={serverError ? Intent.DANGER : Intent.NONE}
        helperText={serverError}
      >
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          value={password}
          maxLength={PasswordMaxLength}
          onValueChange={onPassword}
          intent={serverError ? Intent.DANGER : Intent.NONE}
        />
        <PasswordRuleList password={password} touched={touched} />
      </FormGroup>
      <FormGroup
        label={t('auth.changePassword.confirm')}
        labelFor="confirm-password"
        intent={confirmMessage ? Intent.DANGER : Intent.NONE}
        helperText={confirmMessage}
      >
        <PasswordInput
          id="confirm-password"
          autoComplete="new-password"
          value={confirm}
          maxLength={PasswordMaxLength}
          onValueChange={onConfirm}
          intent={confirmMessage ? Intent.DANGER : Intent.NONE}
        />
      </FormGroup>
    </>
  );
}
