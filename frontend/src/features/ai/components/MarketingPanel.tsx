import { Intent } from '@blueprintjs/core';
import { TitledCallout } from '@/components/TitledCallout';
import { TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppDialog } from '@/components/AppDialog';
import { planLabel } from '@/lib/i18n/labels';
import { marketingContent } from '../marketing';

interface MarketingPanelProps {
  kind: string;
  plan: string | undefined;
  onClose: () => void;
}

/** The marketing centre: the plan's benefits, what the next plan unlocks, and the way to My subscription. */
export default function MarketingPanel({ kind, plan, onClose }: MarketingPanelProps) {
  const { t } = useTranslation();
  const content = marketingContent(plan);
  const premium = kind === 'PREMIUM';
  return (
    <AppDialog title={premium ? t('ai.marketing.premiumTitle') : t('ai.marketing.starterTitle')} onClose={onClose} className="hearth-ai-panel">
      <div className="hearth-ai-panel-body" data-testid="marketing-panel" data-kind={kind}>
        <p>{premium ? t('ai.marketing.premiumIntro') : t('ai.marketing.starterIntro', { plan: planLabel(t, content.plan) })}</p>
        <h3 className="hearth-ai-turn-head">{t('ai.marketing.included', { plan: planLabel(t, content.plan) })}</h3>
        <ul className="hearth-ai-benefits" data-testid="marketing-included">
          {content.included.map((key) => (
            <li key={key}>
              <TickIcon aria-hidden className="hearth-ai-tick" /> {t(key)}
            </li>
          ))}
        </ul>
        {content.next ? (
          <TitledCallout level={3} intent={Intent.PRIMARY} title={t('ai.marketing.nextTitle', { plan: planLabel(t, content.next.plan) })} data-testid="marketing-next">
            <ul className="hearth-ai-benefits">
              {content.next.adds.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          </TitledCallout>
        ) : (
          <p data-testid="marketing-top">{t('ai.marketing.topPlan')}</p>
        )}
        <p>
          <Link to="/my-subscription" onClick={onClose} className="hearth-ai-cta" data-testid="marketing-subscription">
            {content.next ? t('ai.marketing.upgrade') : t('ai.marketing.manage')}
          </Link>
        </p>
      </div>
    </AppDialog>
  );
}
