import { InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ShortTextMax, type ApplicationSite } from '@/types/api.gen';
import { Select } from '@/components/Select';
import { FormField } from '@/lib/form/FormField';
import { SITE_KEYS } from '@/lib/emar/emarLabels';
import { needsSite, SITES, type PassOrder } from '@/lib/emar/passRules';

/** The part of a pass or PRN draft a given dose fills in. */
export interface DoseDraft {
  site: ApplicationSite | '';
  siteNote: string;
  countBefore: string;
  countAfter: string;
}

interface DoseFieldsProps {
  idBase: string;
  order: PassOrder;
  draft: DoseDraft;
  onChange: (part: Partial<DoseDraft>) => void;
  errors: Partial<Record<keyof DoseDraft, string>>;
}

/**
 * What a given dose needs beyond the five rights: the application site when the route needs one (spec 000
 * §5 "application site must be chosen"), and a controlled substance's count before and after.
 */
export function DoseFields({ idBase, order, draft, onChange, errors }: DoseFieldsProps) {
  const { t } = useTranslation();
  const id = (k: string) => `${idBase}-${k}`;
  const site = needsSite(order);
  return (
    <>
      {site || draft.site ? (
        <FormField id={id('site')} label={t('emars.pass.site')} required={site} error={errors.site}>
          <Select
            id={id('site')}
            fill
            required={site}
            value={draft.site}
            onChange={(e) => onChange({ site: e.currentTarget.value as ApplicationSite | '' })}
            options={[{ value: '', label: t('emars.pass.chooseSite') }, ...SITES.map((s) => ({ value: s, label: t(SITE_KEYS[s as keyof typeof SITE_KEYS]) }))]}
            data-testid="pass-site"
          />
        </FormField>
      ) : null}
      {draft.site === 'OTHER' ? (
        <FormField id={id('siteNote')} label={t('emars.pass.siteNote')} required error={errors.siteNote}>
          <InputGroup
            id={id('siteNote')}
            required
            maxLength={ShortTextMax}
            value={draft.siteNote}
            intent={errors.siteNote ? Intent.DANGER : Intent.NONE}
            onChange={(e) => onChange({ siteNote: e.currentTarget.value })}
            data-testid="pass-site-note"
          />
        </FormField>
      ) : null}
      {order.controlled ? (
        <div className="hearth-form-grid">
          <FormField id={id('countBefore')} label={t('emars.pass.countBefore')} required error={errors.countBefore}>
            <InputGroup
              id={id('countBefore')}
              inputMode="numeric"
              autoComplete="off"
              required
              value={draft.countBefore}
              intent={errors.countBefore ? Intent.DANGER : Intent.NONE}
              onChange={(e) => onChange({ countBefore: e.currentTarget.value })}
              data-testid="pass-count-before"
            />
          </FormField>
          <FormField id={id('countAfter')} label={t('emars.pass.countAfter')} required error={errors.countAfter}>
            <InputGroup
              id={id('countAfter')}
              inputMode="numeric"
              autoComplete="off"
              required
              value={draft.countAfter}
              intent={errors.countAfter ? Intent.DANGER : Intent.NONE}
              onChange={(e) => onChange({ countAfter: e.currentTarget.value })}
              data-testid="pass-count-after"
            />
          </FormField>
        </div>
      ) : null}
    </>
  );
}
