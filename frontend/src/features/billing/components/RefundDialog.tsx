import { useState } from 'react';
import { Button, Callout, Classes, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { BillingRemarkMax, type OrderStatus } from '@/types/api.gen';
import { adminBillingKey, billingKey, money, refundOrder, type BillingOrder } from '../api/billing';

/** The order a refund is for: from the orders table or from a charge record's row. */
export interface RefundTarget {
  orderId: string;
  orderNo: string;
  home: string;
  /** The order's total in cents: the most a refund gives back. */
  total: number;
}

/** A PAID order that cost something can be refunded, once (the server says so too). */
export function refundable(status: OrderStatus, total: number): boolean {
  return status === 'PAID' && total > 0;
}

/** Dollars typed by the super admin as cents; NaN when not a number with at most two decimals. */
function cents(dollars: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(dollars.trim())) return NaN;
  return Math.round(Number(dollars) * 100);
}

/**
 * The super admin's refund of a PAID order: the amount (the whole total by default; less for a partial refund)
 * and a reason, both required. It says before confirming what the refund does: paid by hand, it is recorded at
 * once; paid by card, Stripe refunds it and the order is REFUNDING until Stripe confirms; a full refund of the
 * order that paid the home's current period ends that period and puts the home on the free package.
 */
export function RefundDialog({ target, onClose }: { target: RefundTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [dollars, setDollars] = useState((target.total / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const amount = cents(dollars);
  const save = useAppMutation({
    mutationFn: () => refundOrder(target.orderId, amount, reason.trim()),
    invalidates: [adminBillingKey, billingKey],
    success: (o: BillingOrder) => (o.status === 'REFUNDING' ? 'billing.refund.sent' : 'billing.refund.done'),
    onSuccess: onClose,
  });
  const errs = save.isPending ? {} : fieldErrors(save.error);
  const badAmount = !Number.isFinite(amount) || amount < 1 || amount > target.total;
  const full = amount === target.total;
  return (
    <AppDialog title={t('billing.refund.title', { no: target.orderNo })} onClose={onClose}>
      <div className={Classes.DIALOG_BODY}>
        <p>{t('billing.refund.intro', { home: target.home, total: money(target.total, i18n.language) })}</p>
        <FormGroup
          label={t('billing.refund.amount')}
          labelFor="billing-refund-amount"
          intent={errs.amountCents || (dollars && badAmount) ? Intent.DANGER : Intent.NONE}
          helperText={errs.amountCents ?? (dollars && badAmount ? t('billing.refund.amountBad', { max: money(target.total, i18n.language) }) : t('billing.refund.amountHelp'))}
        >
          <InputGroup
            id="billing-refund-amount"
            inputMode="decimal"
            value={dollars}
            onChange={(e) => setDollars(e.currentTarget.value.replace(/[^\d.]/g, ''))}
          />
        </FormGroup>
        <FormGroup
          label={t('billing.refund.reason')}
          labelFor="billing-refund-reason"
          intent={errs.reason ? Intent.DANGER : Intent.NONE}
          helperText={errs.reason ?? t('billing.refund.reasonHelp')}
        >
          <TextArea id="billing-refund-reason" fill maxLength={BillingRemarkMax} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        </FormGroup>
        <Callout intent={full ? Intent.WARNING : Intent.NONE} data-testid="billing-refund-effect">
          {full ? t('billing.refund.fullEffect') : t('billing.refund.partialEffect')}
        </Callout>
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button intent={Intent.WARNING} disabled={badAmount || !reason.trim()} loading={save.isPending} onClick={() => save.mutate()}>
            {Number.isFinite(amount) && amount > 0 ? t('billing.refund.confirm', { amount: money(amount, i18n.language) }) : t('billing.refund.action')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
