import { useState } from 'react';
import { Button, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { EyeOffIcon, EyeOpenIcon, LockIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';

/** A password box with a show/hide toggle. */
export function PasswordInput(props: Omit<InputGroupProps, 'type' | 'rightElement' | 'leftIcon'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const label = shown ? t('auth.login.hidePassword') : t('auth.login.showPassword');
  return (
    <InputGroup
      {...props}
      type={shown ? 'text' : 'password'}
      leftIcon={<LockIcon />}
      rightElement={
        // The browser's own tooltip (title): Blueprint's Tooltip would bring its positioning library to the sign-in page.
        <Button
          variant="minimal"
          aria-label={label}
          title={label}
          icon={shown ? <EyeOffIcon /> : <EyeOpenIcon />}
          onClick={() => setShown((s) => !s)}
        />
      }
    />
  );
}
