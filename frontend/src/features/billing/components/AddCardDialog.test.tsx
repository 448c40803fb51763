import { describe, expect, it, vi } from 'vitest';
import { RoleFacilityOwner } from '@/types/api.gen';
import { fakeServer, renderScreen, screen } from '@/test/render';
import type { StripeCardElement, StripeLike } from '../api/stripe';
import { AddCardDialog } from './AddCardDialog';

const owner = { roles: [RoleFacilityOwner] };

/** A fake Stripe.js: Stripe.js cannot be loaded on the test machine (no network), so the form gets this object. */
function fakeStripe(result: Awaited<ReturnType<StripeLike['confirmCardSetup']>>) {
  let onChange: Parameters<StripeCardElement['on']>[1] = () => {};
  const card: StripeCardElement = {
    mount: (el) => {
      el.textContent = 'Stripe card field';
    },
    on: (_event, handler) => {
      onChange = handler;
    },
    destroy: vi.fn(),
  };
  const stripe: StripeLike = { elements: () => ({ create: () => card }), confirmCardSetup: vi.fn(async () => result) };
  return { stripe, card, type: (complete: boolean, message?: string) => onChange({ complete, error: message ? { message } : undefined }) };
}

describe('AddCardDialog', () => {
  it('collects the card in Stripe’s field, confirms the SetupIntent and sends Hearth only Stripe’s card id', async () => {
    const fake = fakeStripe({ setupIntent: { payment_method: 'pm_123' } });
    const load = vi.fn(async () => fake.stripe);
    const api = fakeServer()
      .on('POST', '/system/paymentMethod/setupIntent', { clientSecret: 'seti_1_secret', publishableKey: 'pk_test_1' })
      .on('POST', '/system/paymentMethod/attach', { id: 'c1', brand: 'visa', last4: '4242' });
    const onClose = vi.fn();
    const { user } = await renderScreen(<AddCardDialog onClose={onClose} loadStripe={load} />, { route: '/payment-method', user: owner, strings: ['billing'] });
    expect((await screen.findByTestId('card-element')).textContent).toBe('Stripe card field');
    expect(load).toHaveBeenCalledWith('pk_test_1');
    const save = screen.getByRole('button', { name: 'Save card' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Cardholder name'), 'Rosa Birch');
    fake.type(true);
    await vi.waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await user.click(save);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret', {
      payment_method: { card: fake.card, billing_details: { name: 'Rosa Birch' } },
    });
    expect(api.lastBody('/system/paymentMethod/attach')).toEqual({ paymentMethodId: 'pm_123' });
  });

  it('shows Stripe’s message when the bank declines, and sends nothing to Hearth', async () => {
    const fake = fakeStripe({ error: { message: 'Your card was declined.' } });
    const api = fakeServer().on('POST', '/system/paymentMethod/setupIntent', { clientSecret: 's', publishableKey: 'pk' });
    const { user } = await renderScreen(<AddCardDialog onClose={() => {}} loadStripe={async () => fake.stripe} />, {
      route: '/payment-method',
      user: owner,
      strings: ['billing'],
    });
    await screen.findByText('Stripe card field');
    await user.type(screen.getByLabelText('Cardholder name'), 'Rosa Birch');
    fake.type(true);
    await user.click(await screen.findByRole('button', { name: 'Save card' }));
    expect((await screen.findByTestId('card-error')).textContent).toBe('Your card was declined.');
    expect(api.callsTo('/system/paymentMethod/attach')).toHaveLength(0);
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    fakeServer().on('POST', '/system/paymentMethod/setupIntent', { clientSecret: 's', publishableKey: 'pk' });
    await renderScreen(<AddCardDialog onClose={() => {}} loadStripe={() => Promise.reject(new Error('offline'))} />, {
      route: '/payment-method',
      user: owner,
      strings: ['billing'],
    });
    expect((await screen.findByTestId('card-error')).textContent).toMatch(/could not be started/);
  });
});
