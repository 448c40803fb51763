import { useEffect, useId, useState, type ReactNode } from 'react';
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
 * (Blueprint names it "Close" in English whatever the language). Pages mount it only while it is open, so
 * it gives the focus back to what opened it when it goes (Blueprint does so only for a dialog it closes).
 */
export function AppDialog({ title, onClose, children, ...props }: AppDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      if (opener && opener !== document.body) requestAnimationFrame(() => opener.isConnected && opener.focus());
    },
    [opener],
  );
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
