import { useState } from 'react';
import { Button, Callout, FormGroup, HTMLTable, Intent, Tab, Tabs, TextArea, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { formatDate } from '@/lib/time/dateTime';
import { BillingRemarkMax } from '@/types/api.gen';
import { RefundDialog, refundable, type RefundTarget } from '../components/RefundDialog';
import { adminBillingKey, money, recordPayment, useAdminCharges, useAdminOrders, useBillingMode, type BillingOrder } from '../api/billing';
import '../billing.css';

const ORDER_STATUSES = ['PENDING_PAYMENT', 'PAID', 'PAYMENT_FAILED', 'CANCELLED', 'CLOSED', 'REFUNDING', 'REFUNDED'] as const;

/**
 * /charge-records-management (super admin): every home's orders and charge records. Under manual billing (no
 * Stripe key, said at the top) the super admin records a payment taken by hand on an order that waits for one:
 * the order is paid, a charge record keeps the remark, and the home is on its package. A PAID order is refunded
 * (in full or in part, with a reason) from its row or from its charge record's row (RefundDialog).
 */
export default function ChargeRecordsPage() {
  const { t } = useTranslation();
  const mode = useBillingMode();
  const [tab, setTab] = useState<'orders' | 'charges'>('orders');
  return (
    <div className="hearth-page hearth-billing">
      <PageHeader title={t('billing.admin.title')} />
      {mode.data ? (
        <Callout className="hearth-billing-note" intent={mode.data === 'manual' ? Intent.PRIMARY : Intent.NONE} data-testid="billing-mode">
          {mode.data === 'manual' ? t('billing.mode.manualAdmin') : t('billing.mode.stripeAdmin')}
        </Callout>
      ) : null}
      <Tabs id="billing-admin-tabs" selectedTabId={tab} onChange={(id) => setTab(id as 'orders' | 'charges')}>
        <Tab id="orders" title={t('billing.admin.orders')} panel={<Orders />} />
        <Tab id="charges" title={t('billing.admin.charges')} panel={<Charges />} />
      </Tabs>
    </div>
  );
}

function Orders() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState('');
  const orders = useAdminOrders(status);
  const [paying, setPaying] = useState<BillingOrder | null>(null);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const rows = orders.data?.records ?? [];
  return (
    <div>
      <FormGroup label={t('billing.field.status')} labelFor="billing-order-status" inline>
        <Select
          id="billing-order-status"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value)}
          options={[{ value: '', label: t('billing.admin.all') }, ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`billing.orderStatus.${s}`) }))]}
        />
      </FormGroup>
      <QueryErrorBanner query={orders} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('billing.admin.orders')}>
        <HTMLTable striped compact data-testid="billing-admin-orders">
          <thead>
            <tr>
              <th>{t('billing.field.orderNo')}</th>
              <th>{t('billing.field.home')}</th>
              <th>{t('billing.field.package')}</th>
              <th>{t('billing.field.amount')}</th>
              <th>{t('billing.field.status')}</th>
              <th>{t('billing.field.date')}</th>
              <th>{t('billing.admin.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id} data-testid="billing-admin-order-row">
                <td>{o.orderNo}</td>
                <td>{o.facilityName}</td>
                <td>
                  {o.packageName} × {o.quantity}
                  {o.promotionCode ? <small className="hearth-muted"> ({o.promotionCode})</small> : null}
                </td>
                <td>
                  {money(o.totalAmount, i18n.language)}
                  {o.refundAmount ? (
                    <small className="hearth-muted" data-testid="billing-order-refund">
                      {' '}
                      {t(o.status === 'REFUNDING' ? 'billing.refund.pendingOf' : 'billing.refund.doneOf', {
                        amount: money(o.status === 'REFUNDING' ? o.refundAmount : o.refundedAmount || o.refundAmount, i18n.language),
                      })}
                    </small>
                  ) : null}
                </td>
                <td>{t(`billing.orderStatus.${o.status}`, { defaultValue: o.status })}</td>
                <td>{formatDate(o.createTime, undefined, i18n.language)}</td>
                <td>
                  {o.status === 'PENDING_PAYMENT' || o.status === 'PAYMENT_FAILED' ? (
                    <Button variant="outlined" onClick={() => setPaying(o)} aria-label={t('billing.admin.recordFor', { no: o.orderNo })}>
                      {t('billing.admin.record')}
                    </Button>
                  ) : null}
                  {refundable(o.status, o.totalAmount) ? (
                    <Button
                      variant="outlined"
                      intent={Intent.WARNING}
                      onClick={() => setRefunding({ orderId: o.id, orderNo: o.orderNo, home: o.facilityName, total: o.totalAmount })}
                      aria-label={t('billing.refund.for', { no: o.orderNo })}
                    >
                      {t('billing.refund.action')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {rows.length === 0 && orders.isSuccess ? <p className="hearth-muted">{t('billing.admin.noOrders')}</p> : null}
      {paying ? <RecordDialog order={paying} onClose={() => setPaying(null)} /> : null}
      {refunding ? <RefundDialog target={refunding} onClose={() => setRefunding(null)} /> : null}
    </div>
  );
}

function RecordDialog({ order, onClose }: { order: BillingOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [remark, setRemark] = useState('');
  const save = useAppMutation({
    mutationFn: () => recordPayment(order.id, remark.trim()),
    invalidates: [adminBillingKey],
    success: 'billing.done.recorded',
    onSuccess: onClose,
  });
  const errs = save.isPending ? {} : fieldErrors(save.error);
  return (
    <AppDialog title={t('billing.admin.recordTitle', { no: order.orderNo })} onClose={onClose}>
      <div className={Classes.DIALOG_BODY}>
        <p>{t('billing.admin.recordIntro', { home: order.facilityName, total: money(order.totalAmount, i18n.language) })}</p>
        <FormGroup
          label={t('billing.field.remark')}
          labelFor="billing-remark"
          intent={errs.remark ? Intent.DANGER : Intent.NONE}
          helperText={errs.remark ?? t('billing.admin.remarkHelp')}
        >
          <TextArea id="billing-remark" fill maxLength={BillingRemarkMax} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
        </FormGroup>
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button intent={Intent.PRIMARY} disabled={!remark.trim()} loading={save.isPending} onClick={() => save.mutate()}>
            {t('billing.admin.recordSave')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}

function Charges() {
  const { t, i18n } = useTranslation();
  const charges = useAdminCharges();
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const rows = charges.data?.records ?? [];
  return (
    <div>
      <QueryErrorBanner query={charges} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('billing.admin.charges')}>
        <HTMLTable striped compact data-testid="billing-admin-charges">
          <thead>
            <tr>
              <th>{t('billing.field.orderNo')}</th>
              <th>{t('billing.field.home')}</th>
              <th>{t('billing.field.amount')}</th>
              <th>{t('billing.field.status')}</th>
              <th>{t('billing.field.card')}</th>
              <th>{t('billing.field.remark')}</th>
              <th>{t('billing.field.paymentTime')}</th>
              <th>{t('billing.admin.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} data-testid="billing-admin-charge-row">
                <td>{c.orderNo}</td>
                <td>{c.facilityName}</td>
                <td>{money(c.amount, i18n.language)}</td>
                <td>{t(`billing.chargeStatus.${c.status}`, { defaultValue: c.status })}</td>
                <td>{c.cardType === 'manual' ? t('billing.admin.byHand') : c.cardType}</td>
                <td>{c.remark}</td>
                <td>{c.paymentTime ? formatDate(c.paymentTime, undefined, i18n.language) : ''}</td>
                <td>
                  {c.status === 'PAID' && refundable(c.orderStatus, c.orderTotalAmount) ? (
                    <Button
                      variant="outlined"
                      intent={Intent.WARNING}
                      onClick={() => setRefunding({ orderId: c.orderId, orderNo: c.orderNo, home: c.facilityName, total: c.orderTotalAmount })}
                      aria-label={t('billing.refund.for', { no: c.orderNo })}
                    >
                      {t('billing.refund.action')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {rows.length === 0 && charges.isSuccess ? <p className="hearth-muted">{t('billing.admin.noCharges')}</p> : null}
      {refunding ? <RefundDialog target={refunding} onClose={() => setRefunding(null)} /> : null}
    </div>
  );
}
