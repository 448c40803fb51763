import { useState } from 'react';
import { Button, Classes, FormGroup, HTMLTable, InputGroup, Intent, Switch, Tab, Tabs, TextArea } from '@blueprintjs/core';
import { EditIcon, PlusIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { PackageLimitMax, PackageNameMax, PackageNameMin, PackagePriceMax, PackageValidityMax } from '@/types/api.gen';
import {
  blankPackage,
  LIMIT_KEYS,
  PACKAGE_ROLES,
  packagesKey,
  saveServicePackage,
  useServicePackages,
  VALIDITY_UNITS,
  type ServicePackage,
} from '../api/packages';
import '../packages.css';

type Role = (typeof PACKAGE_ROLES)[number];
type Unit = (typeof VALIDITY_UNITS)[number];

/** Where a package's function permissions are edited: those of its role (/function-permission-management). */
export function permissionsLink(role: string): string {
  return `/function-permission-management?packageId=${encodeURIComponent(role)}`;
}

/**
 * /service-package-management (super admin): the packages a home can be on, each with its price, validity
 * and global limits (spec 000 §3; 0 = unlimited, price 0 = free, validity 0 = permanent). A change holds every
 * home on the package from its next call; its function permissions are its role's.
 */
export default function ServicePackagePage() {
  const { t, i18n } = useTranslation();
  const list = useServicePackages();
  const [editing, setEditing] = useState<ServicePackage | null>(null);
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  const price = (p: ServicePackage) => (p.priceCents === 0 ? t('platformPackages.free') : money.format(p.priceCents / 100));
  const validity = (p: ServicePackage) =>
    p.validityPeriod === 0
      ? t('platformPackages.permanent')
      : t(`platformPackages.every.${p.validityUnit as Unit}`, { count: p.validityPeriod });
  const limit = (n: number) => (n === 0 ? t('platformPackages.unlimited') : String(n));
  return (
    <div className="hearth-page">
      <PageHeader title={t('platformPackages.title')} />
      <p className="hearth-muted">{t('platformPackages.intro')}</p>
      <div className="hearth-filter-bar">
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} data-testid="package-add" onClick={() => setEditing(blankPackage())}>
          {t('platformPackages.add')}
        </Button>
      </div>
      <QueryErrorBanner query={list} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('platformPackages.title')}>
        <HTMLTable striped compact data-testid="packages-table">
          <thead>
            <tr>
              <th>{t('platformPackages.field.name')}</th>
              <th>{t('platformPackages.field.role')}</th>
              <th>{t('platformPackages.field.price')}</th>
              <th>{t('platformPackages.field.validity')}</th>
              <th>{t('platformPackages.limit.maxResidents')}</th>
              <th>{t('platformPackages.limit.maxCaregivers')}</th>
              <th>{t('platformPackages.field.homes')}</th>
              <th>{t('platformPackages.field.status')}</th>
              <th>{t('platformPackages.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((p) => (
              <tr key={p.id} data-testid="package-row">
                <td>
                  <div>{p.name}</div>
                  {p.description ? <small className="hearth-muted">{p.description}</small> : null}
                </td>
                <td>{t(`platformPackages.role.${p.role as Role}`)}</td>
                <td>{price(p)}</td>
                <td>{validity(p)}</td>
                <td>{limit(p.limits.maxResidents)}</td>
                <td>{limit(p.limits.maxCaregivers)}</td>
                <td>{p.homes}</td>
                <td>{p.status === 'ENABLED' ? t('platformPackages.enabled') : t('platformPackages.disabled')}</td>
                <td>
                  <Button
                    variant="minimal"
                    icon={<EditIcon />}
                    aria-label={t('platformPackages.editNamed', { name: p.name })}
                    onClick={() => setEditing(p)}
                  />
                  <Link to={permissionsLink(p.role)}>{t('platformPackages.permissionsLink')}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {editing ? <PackageDialog pkg={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

/** A whole number typed into a field (anything else is dropped). */
function whole(value: string): number {
  return Number(value.replace(/\D/g, '').slice(0, 9)) || 0;
}

function PackageDialog({ pkg, onClose }: { pkg: ServicePackage; onClose: () => void }) {
  const { t } = useTranslation();
  const [p, setP] = useState<ServicePackage>(pkg);
  const [tab, setTab] = useState<'basic' | 'limits'>('basic');
  const [dollars, setDollars] = useState(pkg.priceCents ? (pkg.priceCents / 100).toFixed(2) : '0');
  const save = useAppMutation({
    mutationFn: (v: ServicePackage) => saveServicePackage(v),
    invalidates: [packagesKey],
    success: 'platformPackages.done.saved',
    onSuccess: onClose,
  });
  const server = save.isPending ? {} : fieldErrors(save.error);
  const name = p.name.trim();
  const nameError =
    name.length > 0 && name.length < PackageNameMin ? t('platformPackages.nameLength', { min: PackageNameMin, max: PackageNameMax }) : server.name;
  const cents = Math.round(Number(dollars) * 100);
  const priceError =
    dollars.trim() === '' || !Number.isFinite(cents) || cents < 0 || cents > PackagePriceMax
      ? t('platformPackages.priceRange', { max: (PackagePriceMax / 100).toLocaleString() })
      : server.priceCents;
  const invalid = name.length < PackageNameMin || priceError !== undefined || p.validityPeriod > PackageValidityMax;
  const setLimit = (key: (typeof LIMIT_KEYS)[number], value: string) =>
    setP({ ...p, limits: { ...p.limits, [key]: Math.min(whole(value), PackageLimitMax) } });

  const basic = (
    <div>
      <FormGroup
        label={t('platformPackages.field.name')}
        labelFor="pkg-name"
        intent={nameError ? Intent.DANGER : Intent.NONE}
        helperText={nameError}
      >
        <InputGroup
          id="pkg-name"
          data-testid="pkg-name"
          maxLength={PackageNameMax}
          value={p.name}
          intent={nameError ? Intent.DANGER : Intent.NONE}
          onChange={(e) => setP({ ...p, name: e.currentTarget.value })}
        />
      </FormGroup>
      <FormGroup label={t('platformPackages.field.role')} labelFor="pkg-role" helperText={t('platformPackages.roleHelp')}>
        <Select
          id="pkg-role"
          data-testid="pkg-role"
          value={p.role}
          onChange={(e) => setP({ ...p, role: e.currentTarget.value })}
          options={PACKAGE_ROLES.map((r) => ({ value: r, label: t(`platformPackages.role.${r}`) }))}
        />
      </FormGroup>
      <FormGroup
        label={t('platformPackages.field.priceUsd')}
        labelFor="pkg-price"
        intent={priceError ? Intent.DANGER : Intent.NONE}
        helperText={priceError ?? t('platformPackages.priceHelp')}
      >
        <InputGroup
          id="pkg-price"
          data-testid="pkg-price"
          inputMode="decimal"
          leftElement={<span className="hearth-package-prefix">$</span>}
          value={dollars}
          intent={priceError ? Intent.DANGER : Intent.NONE}
          onChange={(e) => setDollars(e.currentTarget.value.replace(/[^\d.]/g, ''))}
        />
      </FormGroup>
      <FormGroup label={t('platformPackages.field.validity')} labelFor="pkg-validity" helperText={t('platformPackages.validityHelp')}>
        <div className="hearth-package-validity">
          <InputGroup
            id="pkg-validity"
            data-testid="pkg-validity"
            inputMode="numeric"
            value={String(p.validityPeriod)}
            onChange={(e) => setP({ ...p, validityPeriod: Math.min(whole(e.currentTarget.value), PackageValidityMax) })}
          />
          <Select
            aria-label={t('platformPackages.field.validityUnit')}
            data-testid="pkg-unit"
            value={p.validityUnit}
            onChange={(e) => setP({ ...p, validityUnit: e.currentTarget.value })}
            options={VALIDITY_UNITS.map((u) => ({ value: u, label: t(`platformPackages.unit.${u}`) }))}
          />
        </div>
      </FormGroup>
      <FormGroup label={t('platformPackages.field.description')} labelFor="pkg-description">
        <TextArea
          id="pkg-description"
          fill
          maxLength={300}
          value={p.description}
          onChange={(e) => setP({ ...p, description: e.currentTarget.value })}
        />
      </FormGroup>
      <Switch
        checked={p.status === 'ENABLED'}
        label={t('platformPackages.enabledHelp')}
        onChange={(e) => setP({ ...p, status: e.currentTarget.checked ? 'ENABLED' : 'DISABLED' })}
      />
      <p>
        <Link to={permissionsLink(p.role)}>{t('platformPackages.permissionsOf', { role: t(`platformPackages.role.${p.role as Role}`) })}</Link>
      </p>
    </div>
  );
  const limits = (
    <div>
      <p className="hearth-muted">{t('platformPackages.limitsHelp', { max: PackageLimitMax.toLocaleString() })}</p>
      <div className="hearth-form-grid">
        {LIMIT_KEYS.map((key) => (
          <FormGroup key={key} label={t(`platformPackages.limit.${key}`)} labelFor={`pkg-${key}`} helperText={server[key]}>
            <InputGroup
              id={`pkg-${key}`}
              data-testid={`pkg-${key}`}
              inputMode="numeric"
              value={String(p.limits[key])}
              onChange={(e) => setLimit(key, e.currentTarget.value)}
            />
          </FormGroup>
        ))}
      </div>
    </div>
  );
  return (
    <AppDialog title={p.id ? t('platformPackages.editNamed', { name: pkg.name }) : t('platformPackages.add')} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) save.mutate({ ...p, name, priceCents: cents });
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          <Tabs id="package-tabs" selectedTabId={tab} onChange={(next) => setTab(next === 'limits' ? 'limits' : 'basic')}>
            <Tab id="basic" title={t('platformPackages.tab.basic')} panel={basic} />
            <Tab id="limits" title={t('platformPackages.tab.limits')} panel={limits} />
          </Tabs>
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} disabled={invalid} data-testid="pkg-save">
              {t('platformPackages.save')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
