import { useState } from 'react';
import { Button, Classes, FormGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { PlusIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { PromoCodeMax, PromoCodeMin, PromoPercentMax } from '@/types/api.gen';
import { money, promotionsKey, savePromotion, usePromotions, type PromotionCode } from '../api/billing';
import '../billing.css';

const blank = (): PromotionCode => ({
  id: '',
  code: '',
  description: '',
  currency: 'USD',
  discountType: 'discount',
  value: 10,
  validFrom: '',
  validTo: '',
  maxUses: 0,
  uses: 0,
  status: 'valid',
  promotionCodeId: '',
});

/**
 * /promotional-code-management (super admin): promotion codes (spec 000 §3): an amount or a percentage off,
 * the days they work, how often they may be used; kept at Stripe as a coupon and a promotion code when Stripe
 * is on. A code is deactivated rather than deleted (orders name it).
 */
export default function PromotionCodePage() {
  const { t, i18n } = useTranslation();
  const list = usePromotions();
  const [adding, setAdding] = useState(false);
  const toggle = useAppMutation({
    mutationFn: (p: PromotionCode) => savePromotion({ ...p, status: p.status === 'valid' ? 'deactivated' : 'valid' }),
    invalidates: [promotionsKey],
    success: 'billing.done.promoSaved',
  });
  const value = (p: PromotionCode) => (p.discountType === 'discount' ? `${p.value}%` : money(p.value, i18n.language));
  return (
    <div className="hearth-page hearth-billing">
      <PageHeader title={t('billing.promo.title')} />
      <p className="hearth-muted">{t('billing.promo.intro')}</p>
      <div className="hearth-filter-bar">
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={() => setAdding(true)} data-testid="promo-add">
          {t('billing.promo.add')}
        </Button>
      </div>
      <QueryErrorBanner query={list} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('billing.promo.title')}>
        <HTMLTable striped compact data-testid="promo-table">
          <thead>
            <tr>
              <th>{t('billing.field.code')}</th>
              <th>{t('billing.field.discount')}</th>
              <th>{t('billing.field.validDays')}</th>
              <th>{t('billing.field.uses')}</th>
              <th>{t('billing.field.status')}</th>
              <th>{t('billing.admin.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((p) => (
              <tr key={p.id} data-testid="promo-row">
                <td>
                  <div>{p.code}</div>
                  {p.description ? <small className="hearth-muted">{p.description}</small> : null}
                </td>
                <td>{value(p)}</td>
                <td>{t('billing.promo.days', { from: p.validFrom || '—', to: p.validTo || '—' })}</td>
                <td>{p.maxUses ? `${p.uses} / ${p.maxUses}` : String(p.uses)}</td>
                <td>{t(`billing.promoStatus.${p.status as 'valid' | 'used' | 'deactivated'}`)}</td>
                <td>
                  {p.status !== 'used' ? (
                    <Button variant="outlined" onClick={() => toggle.mutate(p)} aria-label={t(p.status === 'valid' ? 'billing.promo.deactivateNamed' : 'billing.promo.activateNamed', { code: p.code })}>
                      {p.status === 'valid' ? t('billing.promo.deactivate') : t('billing.promo.activate')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {adding ? <PromoDialog onClose={() => setAdding(false)} /> : null}
    </div>
  );
}

function PromoDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [p, setP] = useState<PromotionCode>(blank());
  const [amount, setAmount] = useState('10');
  const save = useAppMutation({
    mutationFn: (v: PromotionCode) => savePromotion(v),
    invalidates: [promotionsKey],
    success: 'billing.done.promoSaved',
    onSuccess: onClose,
  });
  const errs = save.isPending ? {} : fieldErrors(save.error);
  const percent = p.discountType === 'discount';
  const n = Number(amount);
  const valueCents = percent ? Math.round(n) : Math.round(n * 100);
  const valueBad = !Number.isFinite(n) || valueCents < 1 || (percent && valueCents > PromoPercentMax);
  const codeBad = p.code.length < PromoCodeMin;
  return (
    <AppDialog title={t('billing.promo.add')} onClose={onClose}>
      <div className={Classes.DIALOG_BODY}>
        <FormGroup label={t('billing.field.code')} labelFor="promo-code" intent={errs.code ? Intent.DANGER : Intent.NONE}
          helperText={errs.code ?? t('billing.promo.codeHelp', { min: PromoCodeMin, max: PromoCodeMax })}>
          <InputGroup id="promo-code" maxLength={PromoCodeMax} value={p.code}
            onChange={(e) => setP({ ...p, code: e.currentTarget.value.toUpperCase().replace(/[^A-Z0-9_-]/g, '') })} />
        </FormGroup>
        <FormGroup label={t('billing.field.description')} labelFor="promo-description">
          <InputGroup id="promo-description" maxLength={300} value={p.description} onChange={(e) => setP({ ...p, description: e.currentTarget.value })} />
        </FormGroup>
        <FormGroup label={t('billing.field.discountType')} labelFor="promo-type">
          <Select id="promo-type" value={p.discountType} onChange={(e) => setP({ ...p, discountType: e.currentTarget.value })}
            options={[{ value: 'discount', label: t('billing.promo.percent') }, { value: 'amountReduction', label: t('billing.promo.amount') }]} />
        </FormGroup>
        <FormGroup label={percent ? t('billing.promo.percentValue') : t('billing.promo.amountValue')} labelFor="promo-value"
          intent={valueBad || errs.value ? Intent.DANGER : Intent.NONE} helperText={errs.value ?? (valueBad ? t('billing.promo.valueHelp', { max: PromoPercentMax }) : undefined)}>
          <InputGroup id="promo-value" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value.replace(/[^\d.]/g, ''))} />
        </FormGroup>
        <div className="hearth-billing-form">
          <FormGroup label={t('billing.field.validFrom')} labelFor="promo-from" helperText={errs.validFrom}>
            <InputGroup id="promo-from" type="date" value={p.validFrom} onChange={(e) => setP({ ...p, validFrom: e.currentTarget.value })} />
          </FormGroup>
          <FormGroup label={t('billing.field.validTo')} labelFor="promo-to" intent={errs.validTo ? Intent.DANGER : Intent.NONE} helperText={errs.validTo}>
            <InputGroup id="promo-to" type="date" value={p.validTo} onChange={(e) => setP({ ...p, validTo: e.currentTarget.value })} />
          </FormGroup>
          <FormGroup label={t('billing.field.maxUses')} labelFor="promo-uses" helperText={t('billing.promo.usesHelp')}>
            <InputGroup id="promo-uses" inputMode="numeric" value={String(p.maxUses)}
              onChange={(e) => setP({ ...p, maxUses: Math.min(Number(e.currentTarget.value.replace(/\D/g, '').slice(0, 6)) || 0, 100000) })} />
          </FormGroup>
        </div>
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button intent={Intent.PRIMARY} disabled={codeBad || valueBad} loading={save.isPending}
            onClick={() => save.mutate({ ...p, value: valueCents })}>
            {t('billing.promo.save')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
