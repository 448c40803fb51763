import { lazy, Suspense, useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { HelpIcon, ShopIcon, TranslateIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session/store';
import { useAIStatus } from '../api/status';
import type { DesktopRecorder } from './useRecorder';
import '../ai.css';

const TranslatorPanel = lazy(() => import('./TranslatorPanel'));
const HelpPanel = lazy(() => import('./HelpPanel'));
const MarketingPanel = lazy(() => import('./MarketingPanel'));

type Open = 'translator' | 'help' | 'marketing' | null;

/**
 * The floating buttons of every signed-in facility page (spec 000 §2 "Layout", §6 by plan, from GET
 * /api/ai/status): the speech translator (essential, premium), the help assistant (premium) and the
 * marketing centre (premium or starter, owners only). A compact row the layout puts in the header bar
 * (app/layout/launcher.css), so it never covers a sticky action bar or a page's end. Not shown to the super admin.
 */
export function FloatingButtons({ desktopRecorder }: { desktopRecorder?: DesktopRecorder }) {
  const { t } = useTranslation();
  const session = useSessionStore((s) => s.session);
  const superAdmin = session?.roles.includes('SUPER_ADMIN') ?? true;
  const caregiver = session?.roles.includes('CAREGIVER_STAFF') ?? false;
  // The marketing centre is the owner's (issue 29): never shown to caregivers or admins.
  const owner = session?.roles.some((r) => r === 'FACILITY_OWNER' || r === 'FACILITY_OWNER_REGISTER') ?? false;
  const status = useAIStatus(!superAdmin);
  const [open, setOpen] = useState<Open>(null);
  if (superAdmin || !status.data) return null;
  const s = status.data;
  const premiumMarketing = s.marketing === 'PREMIUM';
  return (
    <>
      <div className="hearth-fab" role="group" aria-label={t('ai.fab.group')} data-testid="floating-buttons">
        {s.marketing && owner ? (
          <Button
            className="hearth-fab-button"
            icon={<ShopIcon />}
            aria-label={premiumMarketing ? t('ai.fab.premiumMarketing') : t('ai.fab.starterMarketing')}
            title={premiumMarketing ? t('ai.fab.premiumMarketing') : t('ai.fab.starterMarketing')}
            data-testid={premiumMarketing ? 'fab-premium-marketing' : 'fab-starter-marketing'}
            onClick={() => setOpen('marketing')}
          />
        ) : null}
        {s.helpAssistant ? (
          <Button
            className="hearth-fab-button"
            icon={<HelpIcon />}
            aria-label={t('ai.fab.help')}
            title={t('ai.fab.help')}
            data-testid="fab-help"
            onClick={() => setOpen('help')}
          />
        ) : null}
        {s.translator ? (
          <Button
            className="hearth-fab-button"
            intent={Intent.PRIMARY}
            icon={<TranslateIcon />}
            aria-label={t('ai.fab.translator')}
            title={t('ai.fab.translator')}
            data-testid="fab-translator"
            onClick={() => setOpen('translator')}
          />
        ) : null}
      </div>
      <Suspense fallback={null}>
        {open === 'translator' ? <TranslatorPanel status={s} desktopRecorder={desktopRecorder} onClose={() => setOpen(null)} /> : null}
        {open === 'help' ? <HelpPanel status={s} caregiver={caregiver} onClose={() => setOpen(null)} /> : null}
        {open === 'marketing' ? <MarketingPanel kind={s.marketing} plan={session?.plan} onClose={() => setOpen(null)} /> : null}
      </Suspense>
    </>
  );
}
