import { api } from '@/lib/api/client';
import type { PaymentMethod, SetupIntent } from '@/types/api.gen';

/**
 * The little of Stripe.js the card form uses (https://docs.stripe.com/js: Stripe(key), elements(),
 * elements.create('card'), card.mount/on/destroy, confirmCardSetup). Typed here instead of adding
 * @stripe/stripe-js: the script itself always comes from js.stripe.com (PCI DSS SAQ A), and the tests give
 * the form a fake object of this shape.
 */
export interface StripeCardElement {
  mount(el: HTMLElement): void;
  on(event: 'change', handler: (e: { complete: boolean; error?: { message: string } }) => void): void;
  destroy(): void;
}
export interface StripeLike {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details: { name: string } } },
  ): Promise<{ setupIntent?: { payment_method: string | { id: string } | null }; error?: { message?: string } }>;
}
export type LoadStripe = (publishableKey: string) => Promise<StripeLike>;

declare global {
  interface Window {
    Stripe?: (key: string) => StripeLike;
  }
}

const STRIPE_JS = 'https://js.stripe.com/v3';
let loading: Promise<void> | undefined;

/** Loads Stripe.js from Stripe (allowed by the server's CSP only when Stripe billing is on). */
export const loadStripeJs: LoadStripe = async (publishableKey) => {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  await loading;
  if (!window.Stripe) throw new Error('Stripe.js could not be loaded');
  return window.Stripe(publishableKey);
};

/** POST /api/system/paymentMethod/setupIntent: what Elements needs to collect a card (Stripe only). */
export function createSetupIntent(): Promise<SetupIntent> {
  return api.post<SetupIntent>('/system/paymentMethod/setupIntent', {});
}

/** POST /api/system/paymentMethod/attach: keep the card Elements confirmed as the home's default. */
export function attachCard(paymentMethodId: string): Promise<PaymentMethod> {
  return api.post<PaymentMethod>('/system/paymentMethod/attach', { paymentMethodId });
}
