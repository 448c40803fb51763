import { useState } from 'react';
import { Button, Callout, Card, FormGroup, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { PlusIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import {
  billingKey,
  removeCard,
  saveBillingInfo,
  setDefaultCard,
  useBillingInfo,
  useCards,
  useSubscription,
  type BillingInfo,
} from '../api/billing';
import { AddCardDialog } from '../components/AddCardDialog';
import '../billing.css';

const FIELDS = ['name', 'email', 'phone', 'country', 'line1', 'line2', 'city', 'state', 'postalCode', 'taxId', 'taxType'] as const;
const REQUIRED = new Set(['name', 'email', 'phone', 'country', 'line1', 'city', 'state', 'postalCode']);

/**
 * /payment-method (owners): the home's billing details (spec 000 §5: name, e-mail, phone with its country
 * code, country, street, city, state, zip required; tax id with its type) and, with Stripe, its cards as
 * Stripe tells them (brand, funding, last four, expiry; never a number or CVV). Under manual billing the page
 * says that no card is taken here.
 */
export default function PaymentMethodPage() {
  const { t } = useTranslation();
  const sub = useSubscription();
  const stripe = sub.data?.mode === 'stripe';
  return (
    <div className="hearth-page hearth-billing">
      <PageHeader title={t('billing.pm.title')} />
      <QueryErrorBanner query={sub} />
      {sub.data && !stripe ? (
        <Callout className="hearth-billing-note" intent={Intent.PRIMARY} data-testid="billing-mode">
          <p className="hearth-callout-title">{t('billing.mode.manualTitle')}</p>
          {t('billing.pm.manual')}
        </Callout>
      ) : null}
      {stripe ? <Cards /> : null}
      <Details />
    </div>
  );
}

function Cards() {
  const { t } = useTranslation();
  const cards = useCards();
  const makeDefault = useAppMutation({ mutationFn: (id: string) => setDefaultCard(id), invalidates: [billingKey], success: 'billing.done.cardDefault' });
  const remove = useAppMutation({ mutationFn: (id: string) => removeCard(id), invalidates: [billingKey], success: 'billing.done.cardRemoved' });
  const rows = cards.data ?? [];
  const [adding, setAdding] = useState(false);
  return (
    <Card className="hearth-billing-card">
      <h2 className="hearth-billing-h2">{t('billing.pm.cards')}</h2>
      <Button icon={<PlusIcon />} intent={Intent.PRIMARY} onClick={() => setAdding(true)} data-testid="card-add">
        {t('billing.pm.addCard')}
      </Button>
      {adding ? <AddCardDialog onClose={() => setAdding(false)} /> : null}
      <QueryErrorBanner query={cards} />
      {rows.length === 0 ? <p className="hearth-muted">{t('billing.pm.noCards')}</p> : null}
      {rows.length > 0 ? (
        <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('billing.pm.cards')}>
          <HTMLTable compact striped>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td>
                    {c.brand} •••• {c.last4} {c.isDefault ? <Tag minimal>{t('billing.pm.default')}</Tag> : null}
                  </td>
                  <td>{t(`billing.funding.${c.funding}`, { defaultValue: c.funding })}</td>
                  <td>{t('billing.pm.expires', { month: String(c.expMonth).padStart(2, '0'), year: c.expYear })}</td>
                  <td>
                    {!c.isDefault ? (
                      <Button variant="minimal" onClick={() => makeDefault.mutate(c.id)}>
                        {t('billing.pm.makeDefault')}
                      </Button>
                    ) : null}
                    <Button variant="minimal" intent={Intent.DANGER} onClick={() => remove.mutate(c.id)}>
                      {t('billing.pm.remove')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      ) : null}
      <p className="hearth-muted">{t('billing.pm.addCardNote')}</p>
    </Card>
  );
}

function Details() {
  const info = useBillingInfo();
  if (!info.data) return <QueryErrorBanner query={info} />;
  return <DetailsForm initial={info.data} />;
}

function DetailsForm({ initial }: { initial: BillingInfo }) {
  const { t } = useTranslation();
  const [v, setV] = useState<BillingInfo>(initial);
  const save = useAppMutation({ mutationFn: (b: BillingInfo) => saveBillingInfo(b), invalidates: [billingKey], success: 'billing.done.infoSaved' });
  const errs = save.isPending ? {} : fieldErrors(save.error);
  const missing = [...REQUIRED].some((k) => !v[k as keyof BillingInfo].trim());
  return (
    <Card className="hearth-billing-card">
      <h2 className="hearth-billing-h2">{t('billing.pm.details')}</h2>
      <div className="hearth-billing-form">
        {FIELDS.map((k) => (
          <FormGroup
            key={k}
            label={t(`billing.info.${k}`)}
            labelFor={`billing-info-${k}`}
            labelInfo={REQUIRED.has(k) ? t('billing.required') : undefined}
            intent={errs[k] ? Intent.DANGER : Intent.NONE}
            helperText={errs[k] ?? (k === 'phone' ? t('billing.pm.phoneHelp') : undefined)}
          >
            <InputGroup
              id={`billing-info-${k}`}
              type={k === 'email' ? 'email' : 'text'}
              value={v[k]}
              onChange={(e) => setV({ ...v, [k]: e.currentTarget.value })}
            />
          </FormGroup>
        ))}
      </div>
      <Button intent={Intent.PRIMARY} disabled={missing} loading={save.isPending} onClick={() => save.mutate(v)}>
        {t('billing.pm.save')}
      </Button>
    </Card>
  );
}
