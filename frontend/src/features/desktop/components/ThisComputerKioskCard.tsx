import { Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DesktopOwner, type KioskRegistration } from '@/types/api.gen';
import { hasBindings } from '../bridge';
import { useDesktopStore } from '../shell';
import { KioskSetupForm } from './KioskSetupForm';
import { OutboxCard } from './OutboxCard';

/**
 * In the owner's desktop app, under Staff management → Door kiosks: "Use this computer as a door kiosk".
 * Nothing in a browser. `register` registers a new kiosk (the page that shows this card supplies it).
 */
export function ThisComputerKioskCard({ register }: { register: (deviceName: string) => Promise<KioskRegistration> }) {
  const { t } = useTranslation();
  const inShell = useDesktopStore((s) => s.detection === 'desktop') || hasBindings();
  const mode = useDesktopStore((s) => s.status?.mode);
  if (!inShell || (mode !== undefined && mode !== DesktopOwner)) return null;
  return (
    <>
      <Card className="hearth-gap-top hearth-desktop-kiosk-card" data-testid="this-computer-kiosk">
        <H2>{t('desktop.kioskSetup.title')}</H2>
        <p className="hearth-muted">{t('desktop.kioskSetup.intro')}</p>
        <KioskSetupForm register={register} />
      </Card>
      <OutboxCard />
    </>
  );
}
