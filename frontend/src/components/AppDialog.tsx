import { useId, type ReactNode } from 'react';
import { Button, Classes, Dialog, H2, type DialogProps } from '@blueprintjs/core';
import { SmallCrossIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';

type AppDialogProps = Omit<DialogProps, 'title' | 'isCloseButtonShown' | 'icon'> & {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
};

/**
 * Blueprint's Dialog with its own title bar, so the close button is named in the interface language
 * (Blueprint names it "Close" in English whatever the language).
 */
export function AppDialog({ title, onClose, children, ...props }: AppDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog isOpen onClose={onClose} aria-labelledby={titleId} {...props}>
      <div className={Classes.DIALOG_HEADER}>
        <H2 id={titleId}>{title}</H2>
        <Button
          variant="minimal"
          className={Classes.DIALOG_CLOSE_BUTTON}
          aria-label={t('common.action.close')}
          icon={<SmallCrossIcon />}
          onClick={onClose}
        />
      </div>
      {children}
    </Dialog>
  );
}
