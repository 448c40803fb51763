import { useState } from 'react';
import { Button, Callout, Classes, FormGroup, HTMLTable, InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { PlusIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { formatDate } from '@/lib/time/dateTime';
import { BillingPeriodsMax, BillingRemarkMax, ContractPriceMax } from '@/types/api.gen';
import { adminBillingKey, createTenantPlan, money, useBillingMode, useTenantPlanChoices, useTenantPlans } from '../api/billing';
import '../billing.css';

/**
 * /subscription-plan-management (super admin): every home's plans (package, what the term cost, term, renewal,
 * grace period, lock), and Create tenant plan: a plan for one home at a contract price, waiting for payment
 * with its invoice or recorded as paid with a remark.
 */
export default function SubscriptionPlanPage() {
  const { t, i18n } = useTranslation();
  const plans = useTenantPlans();
  const mode = useBillingMode();
  const [creating, setCreating] = useState(false);
  const day = (ms: number) => formatDate(ms, undefined, i18n.language);
  return (
    <div className="hearth-page hearth-billing">
      <PageHeader title={t('billing.plans.title')} />
      {mode.data === 'manual' ? (
        <Callout className="hearth-billing-note" intent={Intent.PRIMARY} data-testid="billing-mode">
          {t('billing.mode.manualAdmin')}
        </Callout>
      ) : null}
      <div className="hearth-filter-bar">
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={() => setCreating(true)} data-testid="plan-create">
          {t('billing.plans.create')}
        </Button>
      </div>
      <QueryErrorBanner query={plans} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('billing.plans.title')}>
        <HTMLTable striped compact data-testid="plans-table">
          <thead>
            <tr>
              <th>{t('billing.field.home')}</th>
              <th>{t('billing.field.package')}</th>
              <th>{t('billing.field.price')}</th>
              <th>{t('billing.field.term')}</th>
              <th>{t('billing.field.status')}</th>
              <th>{t('billing.plans.renewal')}</th>
            </tr>
          </thead>
          <tbody>
            {(plans.data?.records ?? []).map((p) => (
              <tr key={p.id} data-testid="plan-row">
                <td>{p.facilityName}</td>
                <td>{p.packageName}</td>
                <td>{money(p.priceCents, i18n.language)}</td>
                <td>{p.expireTime === 0 ? t('billing.permanent') : t('billing.my.termDates', { start: day(p.startTime), end: day(p.expireTime) })}</td>
                <td>
                  {t(`billing.planStatus.${p.status as 'active' | 'cancelled' | 'expired'}`)}
                  {p.locked ? ` · ${t('billing.plans.locked')}` : p.graceUntil > 0 ? ` · ${t('billing.plans.grace', { date: day(p.graceUntil) })}` : ''}
                </td>
                <td>{p.autoRenewal ? t('billing.plans.auto') : t('billing.plans.manualRenewal')}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {plans.isSuccess && plans.data.total === 0 ? <p className="hearth-muted">{t('billing.plans.none')}</p> : null}
      {creating ? <CreateDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

function CreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { homes, packages } = useTenantPlanChoices();
  const [tenantId, setTenantId] = useState('');
  const [packageId, setPackageId] = useState('');
  const [periods, setPeriods] = useState(12);
  const [dollars, setDollars] = useState('');
  const [paid, setPaid] = useState(false);
  const [remark, setRemark] = useState('');
  const save = useAppMutation({
    mutationFn: () =>
      createTenantPlan({ tenantId, packageId, periods, priceCents: Math.round(Number(dollars || '0') * 100), paid, remark: remark.trim() }),
    invalidates: [adminBillingKey],
    success: 'billing.done.planCreated',
    onSuccess: onClose,
  });
  const errs = save.isPending ? {} : fieldErrors(save.error);
  const cents = Math.round(Number(dollars || '0') * 100);
  const bad = !tenantId || !packageId || !Number.isFinite(cents) || cents < 0 || cents > ContractPriceMax || (paid && !remark.trim());
  return (
    <AppDialog title={t('billing.plans.create')} onClose={onClose}>
      <div className={Classes.DIALOG_BODY}>
        <FormGroup label={t('billing.field.home')} labelFor="plan-home" intent={errs.tenantId ? Intent.DANGER : Intent.NONE} helperText={errs.tenantId}>
          <Select
            id="plan-home"
            value={tenantId}
            onChange={(e) => setTenantId(e.currentTarget.value)}
            options={[{ value: '', label: t('billing.plans.chooseHome') }, ...(homes.data ?? []).map((h) => ({ value: h.tenantId, label: h.facilityName }))]}
          />
        </FormGroup>
        <FormGroup label={t('billing.field.package')} labelFor="plan-package" intent={errs.packageId ? Intent.DANGER : Intent.NONE} helperText={errs.packageId}>
          <Select
            id="plan-package"
            value={packageId}
            onChange={(e) => setPackageId(e.currentTarget.value)}
            options={[{ value: '', label: t('billing.my.choose') }, ...(packages.data ?? []).map((p) => ({ value: p.id, label: p.name }))]}
          />
        </FormGroup>
        <div className="hearth-billing-form">
          <FormGroup label={t('billing.field.periods')} labelFor="plan-periods" helperText={t('billing.my.periodsHelp', { max: BillingPeriodsMax })}>
            <InputGroup
              id="plan-periods"
              inputMode="numeric"
              value={String(periods)}
              onChange={(e) => setPeriods(Math.min(Math.max(1, Number(e.currentTarget.value.replace(/\D/g, '')) || 1), BillingPeriodsMax))}
            />
          </FormGroup>
          <FormGroup label={t('billing.plans.contractPrice')} labelFor="plan-price" helperText={t('billing.plans.contractHelp')}>
            <InputGroup id="plan-price" inputMode="decimal" value={dollars} onChange={(e) => setDollars(e.currentTarget.value.replace(/[^\d.]/g, ''))} />
          </FormGroup>
        </div>
        <Switch checked={paid} label={t('billing.plans.paid')} onChange={(e) => setPaid(e.currentTarget.checked)} />
        <FormGroup label={t('billing.field.remark')} labelFor="plan-remark" helperText={t('billing.admin.remarkHelp')}>
          <TextArea id="plan-remark" fill maxLength={BillingRemarkMax} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
        </FormGroup>
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button intent={Intent.PRIMARY} disabled={bad} loading={save.isPending} onClick={() => save.mutate()}>
            {t('billing.plans.save')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
