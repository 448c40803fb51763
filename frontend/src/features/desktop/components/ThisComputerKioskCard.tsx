import { Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DesktopOwner } from '@/types/api.gen';
import { hasBindings } from '../bridge';
import { useDesktopStore } from '../shell';
import { KioskSetupForm } from './KioskSetupForm';
import { OutboxCard } from './OutboxCard';

/**
 * In the owner's desktop app, under Staff management → Door kiosks: "Use this computer as a door kiosk".
 * Nothing in a browser.
 */
export function ThisComputerKioskCard() {
  const { t } = useTranslation();
  const inShell = useDesktopStore((s) => s.detection === 'desktop') || hasBindings();
  const mode = useDesktopStore((s) => s.status?.mode);
  if (!inShell || (mode !== undefined && mode !== DesktopOwner)) return null;
  return (
    <>
      <Card className="hearth-gap-top hearth-desktop-kiosk-card" data-testid="this-computer-kiosk">
        <H2>{t('desktop.kioskSetup.title')}</H2>
        <p className="hearth-muted">{t('desktop.kioskSetup.intro')}</p>
        <KioskSetupForm canRegister />
      </Card>
      <OutboxCard />
    </>
  );
}
