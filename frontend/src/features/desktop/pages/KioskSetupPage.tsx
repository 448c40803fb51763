import { Callout, Card, H1, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KioskSetupForm } from '../components/KioskSetupForm';
import { DESKTOP_SETUP_PATH } from '../desktopRoutes';
import { useDesktopStore } from '../shell';

/**
 * /desktop/kiosk-setup (no sign-in): make this computer the door kiosk with a credential the owner registered
 * elsewhere (Staff management → Door kiosks), pasted here, and an exit PIN.
 */
export default function KioskSetupPage() {
  const { t } = useTranslation();
  const cloudUrl = useDesktopStore((s) => s.status?.cloudUrl ?? '');
  return (
    <div className="hearth-auth">
      <Card className="hearth-desktop-card" elevation={2}>
        <H1 className="hearth-desktop-title">{t('desktop.kioskSetup.title')}</H1>
        <p>{t('desktop.kioskSetup.intro')}</p>
        {cloudUrl ? (
          <>
            <p className="hearth-muted">
              {t('desktop.kioskSetup.server', { url: cloudUrl })} · <Link to={DESKTOP_SETUP_PATH}>{t('desktop.kioskSetup.backToSetup')}</Link>
            </p>
            <KioskSetupForm />
          </>
        ) : (
          <Callout intent={Intent.WARNING}>
            <Link to={DESKTOP_SETUP_PATH}>{t('desktop.kioskSetup.noServer')}</Link>
          </Callout>
        )}
      </Card>
    </div>
  );
}
