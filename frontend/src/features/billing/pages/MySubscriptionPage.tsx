import { useState } from 'react';
import { Button, Callout, Card, FormGroup, HTMLTable, InputGroup, Intent, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { saveBlob } from '@/lib/files/preview';
import { useAppMutation } from '@/lib/api/mutation';
import { formatDate } from '@/lib/time/dateTime';
import { BillingPeriodsMax, ExtraResidentsMax, PromoCodeMax } from '@/types/api.gen';
import {
  billingKey,
  calculate,
  cancelOrder,
  checkout,
  invoicePdf,
  money,
  setAutoRenewal,
  useInvoices,
  useOrders,
  usePackages,
  useFollowPlan,
  useSubscription,
  type Cost,
  type CostRequest,
  type Subscription,
} from '../api/billing';
import '../billing.css';

const whole = (v: string, max: number) => Math.min(Number(v.replace(/\D/g, '').slice(0, 6)) || 0, max);

/**
 * /my-subscription (owners): the home's plan (package, term, renewal, next billing), a banner while a renewal
 * waits for payment or once the plan ran out, the cost of another package before ordering it (periods, extra
 * residents, a promotion code), the order waiting for payment, and the invoices. Under manual billing (no
 * Stripe key) the page says so: the Hearth team invoices the home and records the payment. When the plan changed
 * since sign-in (useFollowPlan), the token and the menus follow it at once.
 */
export default function MySubscriptionPage() {
  const { t } = useTranslation();
  const sub = useSubscription();
  const s = sub.data;
  useFollowPlan(s?.package.role || undefined);
  return (
    <div className="hearth-page hearth-billing">
      <PageHeader title={t('billing.my.title')} />
      <QueryErrorBanner query={sub} />
      {s ? (
        <>
          <ModeNote mode={s.mode} />
          <StandingBanner sub={s} />
          <CurrentPlan sub={s} />
          {s.pendingOrder ? <PendingOrder sub={s} /> : null}
          <ChangePlan sub={s} />
          <Invoices />
        </>
      ) : null}
    </div>
  );
}

function ModeNote({ mode }: { mode: string }) {
  const { t } = useTranslation();
  return mode === 'manual' ? (
    <Callout className="hearth-billing-note" intent={Intent.PRIMARY} data-testid="billing-mode">
      <p className="hearth-callout-title">{t('billing.mode.manualTitle')}</p>
      {t('billing.mode.manualOwner')}
    </Callout>
  ) : (
    <Callout className="hearth-billing-note" data-testid="billing-mode">
      <p className="hearth-callout-title">{t('billing.mode.stripeTitle')}</p>
      {t('billing.mode.stripeOwner')} <Link to="/payment-method">{t('billing.my.paymentMethodLink')}</Link>
    </Callout>
  );
}

function StandingBanner({ sub }: { sub: Subscription }) {
  const { t, i18n } = useTranslation();
  if (sub.locked) {
    return (
      <Callout className="hearth-billing-note" intent={Intent.DANGER} data-testid="billing-locked">
        <p className="hearth-callout-title">{t('billing.my.lockedTitle')}</p>
        {t('billing.my.locked')}
      </Callout>
    );
  }
  if (sub.graceUntil > 0) {
    return (
      <Callout className="hearth-billing-note" intent={Intent.WARNING} data-testid="billing-grace">
        <p className="hearth-callout-title">{t('billing.my.graceTitle')}</p>
        {t('billing.my.grace', { date: formatDate(sub.graceUntil, undefined, i18n.language) })}
      </Callout>
    );
  }
  return null;
}

function CurrentPlan({ sub }: { sub: Subscription }) {
  const { t, i18n } = useTranslation();
  const day = (ms: number) => formatDate(ms, undefined, i18n.language);
  const renewal = useAppMutation({
    mutationFn: (on: boolean) => setAutoRenewal(on),
    invalidates: [billingKey],
    success: 'billing.done.renewal',
  });
  const pkg = sub.package;
  return (
    <Card className="hearth-billing-card" data-testid="billing-current">
      <h2 className="hearth-billing-h2">{t('billing.my.current')}</h2>
      <dl className="hearth-billing-facts">
        <dt>{t('billing.field.package')}</dt>
        <dd data-testid="billing-package">
          {pkg.name} <Tag minimal>{t(`billing.plan.${pkg.role}`, { defaultValue: pkg.role })}</Tag>
        </dd>
        <dt>{t('billing.field.status')}</dt>
        <dd>{t(`billing.planStatus.${sub.status}`, { defaultValue: sub.status })}</dd>
        <dt>{t('billing.field.price')}</dt>
        <dd>{sub.priceCents === 0 ? t('billing.free') : money(sub.priceCents, i18n.language)}</dd>
        <dt>{t('billing.field.term')}</dt>
        <dd>
          {sub.expireTime === 0
            ? t('billing.permanent')
            : t('billing.my.termDates', { start: day(sub.startTime), end: day(sub.expireTime) })}
        </dd>
        <dt>{t('billing.field.nextBilling')}</dt>
        <dd>{sub.nextBillingTime > 0 ? day(sub.nextBillingTime) : t('billing.none')}</dd>
        <dt>{t('billing.field.residents')}</dt>
        <dd>
          {t('billing.my.residents', {
            count: sub.residents,
            max: pkg.limits.maxResidents === 0 ? t('billing.unlimited') : String(pkg.limits.maxResidents + sub.extraResidents),
          })}
        </dd>
      </dl>
      {sub.nextPackage ? (
        <Callout className="hearth-billing-note" intent={Intent.PRIMARY} data-testid="billing-next">
          {t('billing.my.nextPackage', { name: sub.nextPackage.name, date: day(sub.expireTime) })}
        </Callout>
      ) : null}
      {sub.planId && sub.expireTime > 0 ? (
        <Switch
          checked={sub.autoRenewal}
          disabled={renewal.isPending}
          label={t('billing.my.autoRenewal')}
          onChange={(e) => renewal.mutate(e.currentTarget.checked)}
        />
      ) : null}
    </Card>
  );
}

function PendingOrder({ sub }: { sub: Subscription }) {
  const { t, i18n } = useTranslation();
  const o = sub.pendingOrder!;
  const cancel = useAppMutation({ mutationFn: () => cancelOrder(o.id), invalidates: [billingKey], success: 'billing.done.cancelled' });
  return (
    <Callout className="hearth-billing-note" intent={Intent.WARNING} data-testid="billing-pending">
      <p className="hearth-callout-title">{t('billing.my.pendingTitle', { no: o.orderNo })}</p>
      <p>
        {t('billing.my.pending', { name: o.packageName, total: money(o.totalAmount, i18n.language) })}{' '}
        {sub.mode === 'manual' ? t('billing.my.pendingManual') : t('billing.my.pendingCard')}
      </p>
      <Button intent={Intent.DANGER} variant="outlined" loading={cancel.isPending} onClick={() => cancel.mutate()} data-testid="billing-cancel">
        {t('billing.my.cancelOrder')}
      </Button>
    </Callout>
  );
}

function ChangePlan({ sub }: { sub: Subscription }) {
  const { t, i18n } = useTranslation();
  const packages = usePackages();
  const [req, setReq] = useState<CostRequest>({ packageId: '', periods: 1, extraResidents: 0, promotionCode: '' });
  const [cost, setCost] = useState<{ for: string; cost: Cost } | null>(null);
  const key = JSON.stringify(req);
  const quote = useAppMutation({ mutationFn: (r: CostRequest) => calculate(r), onSuccess: (c) => setCost({ for: key, cost: c }) });
  const order = useAppMutation({
    mutationFn: (r: CostRequest) => checkout(r),
    invalidates: [billingKey],
    success: (o) => (o.status === 'PAID' ? 'billing.done.paid' : 'billing.done.ordered'),
    onSuccess: () => setCost(null),
  });
  const errs = quote.isPending ? {} : { ...fieldErrors(quote.error), ...fieldErrors(order.error) };
  const shown = cost && cost.for === key ? cost.cost : null;
  const set = (patch: Partial<CostRequest>) => setReq({ ...req, ...patch });
  const options = (packages.data ?? []).map((p) => ({
    value: p.id,
    label: `${p.name} — ${p.priceCents === 0 ? t('billing.free') : money(p.priceCents, i18n.language)}${
      p.validityPeriod === 0 ? '' : ' / ' + t(`billing.every.${p.validityUnit as 'day' | 'month' | 'year'}`, { count: p.validityPeriod })
    }${p.id === sub.package.id ? ' ' + t('billing.my.currentMark') : ''}`,
  }));
  return (
    <Card className="hearth-billing-card" data-testid="billing-change">
      <h2 className="hearth-billing-h2">{t('billing.my.change')}</h2>
      <p className="hearth-muted">{t('billing.my.changeIntro')}</p>
      <div className="hearth-billing-form">
        <FormGroup label={t('billing.field.package')} labelFor="billing-package-choice">
          <Select
            id="billing-package-choice"
            data-testid="billing-package-choice"
            value={req.packageId}
            onChange={(e) => set({ packageId: e.currentTarget.value })}
            options={[{ value: '', label: t('billing.my.choose') }, ...options]}
          />
        </FormGroup>
        <FormGroup label={t('billing.field.periods')} labelFor="billing-periods" helperText={t('billing.my.periodsHelp', { max: BillingPeriodsMax })}>
          <InputGroup
            id="billing-periods"
            inputMode="numeric"
            value={String(req.periods)}
            onChange={(e) => set({ periods: Math.max(1, whole(e.currentTarget.value, BillingPeriodsMax)) })}
          />
        </FormGroup>
        <FormGroup
          label={t('billing.field.extraResidents')}
          labelFor="billing-extra"
          intent={errs.extraResidents ? Intent.DANGER : Intent.NONE}
          helperText={errs.extraResidents ?? t('billing.my.extraHelp')}
        >
          <InputGroup
            id="billing-extra"
            inputMode="numeric"
            value={String(req.extraResidents)}
            onChange={(e) => set({ extraResidents: whole(e.currentTarget.value, ExtraResidentsMax) })}
          />
        </FormGroup>
        <FormGroup
          label={t('billing.field.promotionCode')}
          labelFor="billing-promo"
          intent={errs.promotionCode ? Intent.DANGER : Intent.NONE}
          helperText={errs.promotionCode}
        >
          <InputGroup
            id="billing-promo"
            maxLength={PromoCodeMax}
            value={req.promotionCode}
            onChange={(e) => set({ promotionCode: e.currentTarget.value.toUpperCase() })}
          />
        </FormGroup>
      </div>
      {errs.packageId ? <Callout className="hearth-billing-note" intent={Intent.DANGER}>{errs.packageId}</Callout> : null}
      <Button disabled={!req.packageId} loading={quote.isPending} onClick={() => quote.mutate(req)} data-testid="billing-calculate">
        {t('billing.my.calculate')}
      </Button>
      {shown ? (
        <div className="hearth-billing-cost" data-testid="billing-cost">
          <HTMLTable compact>
            <tbody>
              <tr>
                <th scope="row">{t('billing.cost.package')}</th>
                <td>{money(shown.packageCents, i18n.language)}</td>
              </tr>
              {shown.extraResidents > 0 ? (
                <tr>
                  <th scope="row">{t('billing.cost.extra', { count: shown.extraResidents })}</th>
                  <td>{money(shown.extraCents, i18n.language)}</td>
                </tr>
              ) : null}
              {shown.creditCents > 0 ? (
                <tr>
                  <th scope="row">{t('billing.cost.credit')}</th>
                  <td>−{money(shown.creditCents, i18n.language)}</td>
                </tr>
              ) : null}
              {shown.discountCents > 0 ? (
                <tr>
                  <th scope="row">{t('billing.cost.discount', { code: shown.promotionCode })}</th>
                  <td>−{money(shown.discountCents, i18n.language)}</td>
                </tr>
              ) : null}
              <tr className="hearth-billing-total">
                <th scope="row">{t('billing.cost.total')}</th>
                <td data-testid="billing-total">{money(shown.totalCents, i18n.language)}</td>
              </tr>
            </tbody>
          </HTMLTable>
          <p className="hearth-muted">
            {shown.downgrade
              ? t('billing.cost.downgrade', { date: formatDate(shown.startTime, undefined, i18n.language) })
              : shown.expireTime > 0
                ? t('billing.cost.term', {
                    start: formatDate(shown.startTime, undefined, i18n.language),
                    end: formatDate(shown.expireTime, undefined, i18n.language),
                  })
                : t('billing.permanent')}
          </p>
          <Button intent={Intent.PRIMARY} loading={order.isPending} onClick={() => order.mutate(req)} data-testid="billing-order">
            {shown.downgrade ? t('billing.my.scheduleDowngrade') : t('billing.my.order')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function Invoices() {
  const { t, i18n } = useTranslation();
  const invoices = useInvoices();
  const orders = useOrders();
  const rows = invoices.data?.records ?? [];
  const download = async (id: string, number: string) => {
    try {
      const file = await invoicePdf(id);
      saveBlob(new Blob([file.blob], { type: 'application/pdf' }), file.fileName || `Invoice ${number}.pdf`);
    } catch {
      // the client has said why
    }
  };
  return (
    <Card className="hearth-billing-card">
      <h2 className="hearth-billing-h2">{t('billing.my.invoices')}</h2>
      <QueryErrorBanner query={invoices} />
      {rows.length === 0 ? <p className="hearth-muted">{t('billing.my.noInvoices')}</p> : null}
      {rows.length > 0 ? (
        <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('billing.my.invoices')}>
          <HTMLTable striped compact data-testid="billing-invoices">
            <thead>
              <tr>
                <th>{t('billing.field.number')}</th>
                <th>{t('billing.field.date')}</th>
                <th>{t('billing.field.amount')}</th>
                <th>{t('billing.field.status')}</th>
                <th>{t('billing.field.invoice')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((inv) => (
                <tr key={inv.id} data-testid="billing-invoice-row">
                  <td>{inv.number}</td>
                  <td>{formatDate(inv.createTime, undefined, i18n.language)}</td>
                  <td>{money(inv.amountDue, i18n.language)}</td>
                  <td>{t(`billing.invoiceStatus.${inv.status}`, { defaultValue: inv.status })}</td>
                  <td>
                    {inv.pdfUrl ? (
                      <a href={inv.pdfUrl} target="_blank" rel="noreferrer">
                        {t('billing.my.downloadPdf')}
                      </a>
                    ) : (
                      <Button variant="minimal" data-testid="billing-invoice-pdf" onClick={() => void download(inv.id, inv.number)}>
                        {t('billing.my.downloadPdf')}
                      </Button>
                    )}{' '}
                    {inv.hostedUrl ? (
                      <a href={inv.hostedUrl} target="_blank" rel="noreferrer">
                        {t('billing.my.openInvoice')}
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      ) : null}
      <p className="hearth-muted">{t('billing.my.ordersCount', { count: orders.data?.total ?? 0 })}</p>
    </Card>
  );
}
