import { useEffect, useRef, useState } from 'react';
import { Button, Callout, Classes, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { toast } from '@/lib/feedback/toast';
import { billingKey } from '../api/billing';
import { attachCard, createSetupIntent, loadStripeJs, type LoadStripe, type StripeCardElement, type StripeLike } from '../api/stripe';

type Stage = 'loading' | 'ready' | 'saving' | 'failed';

/**
 * Add a card (Stripe only): the card number, expiry and CVC are typed into Stripe's own field (Elements, in
 * Stripe's iframe), confirmed with a SetupIntent (3-D Secure when the bank asks), and only then is Stripe's
 * id of the card sent to Hearth, which keeps its brand, funding, last four and expiry.
 */
export function AddCardDialog({ onClose, loadStripe = loadStripeJs }: { onClose: () => void; loadStripe?: LoadStripe }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<Stage>('loading');
  const [error, setError] = useState('');
  const [complete, setComplete] = useState(false);
  const [name, setName] = useState('');
  const ctx = useRef<{ stripe: StripeLike; card: StripeCardElement; secret: string } | null>(null);

  useEffect(() => {
    let gone = false;
    (async () => {
      try {
        const intent = await createSetupIntent();
        const stripe = await loadStripe(intent.publishableKey);
        if (gone || !mountRef.current) return;
        const card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountRef.current);
        card.on('change', (e) => {
          setComplete(e.complete);
          setError(e.error?.message ?? '');
        });
        ctx.current = { stripe, card, secret: intent.clientSecret };
        setStage('ready');
      } catch {
        if (!gone) {
          setStage('failed');
          setError(t('billing.card.initFailed'));
        }
      }
    })();
    return () => {
      gone = true;
      ctx.current?.card.destroy();
    };
  }, [loadStripe, t]);

  const save = async () => {
    const c = ctx.current;
    if (!c) return;
    setStage('saving');
    const result = await c.stripe.confirmCardSetup(c.secret, { payment_method: { card: c.card, billing_details: { name: name.trim() } } });
    const pm = result.setupIntent?.payment_method;
    const id = typeof pm === 'string' ? pm : pm?.id;
    if (result.error || !id) {
      setStage('ready');
      setError(result.error?.message ?? t('billing.card.failed'));
      return;
    }
    try {
      await attachCard(id);
    } catch {
      setStage('ready');
      return; // the client has said why
    }
    toast.success(t('billing.done.cardAdded'));
    await queryClient.invalidateQueries({ queryKey: billingKey });
    onClose();
  };

  return (
    <AppDialog title={t('billing.card.title')} onClose={onClose}>
      <div className={Classes.DIALOG_BODY}>
        <p className="hearth-muted">{t('billing.card.intro')}</p>
        <FormGroup label={t('billing.card.holder')} labelFor="card-holder">
          <InputGroup id="card-holder" maxLength={80} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('billing.card.card')} labelFor="card-element">
          <div id="card-element" ref={mountRef} className="hearth-billing-card-element" data-testid="card-element" />
        </FormGroup>
        {stage === 'loading' ? <p className="hearth-muted">{t('billing.card.loading')}</p> : null}
        {error ? (
          <Callout intent={Intent.DANGER} role="alert" data-testid="card-error">
            {error}
          </Callout>
        ) : null}
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button
            intent={Intent.PRIMARY}
            disabled={stage === 'loading' || stage === 'failed' || !complete || !name.trim()}
            loading={stage === 'saving'}
            onClick={() => void save()}
          >
            {t('billing.card.save')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
