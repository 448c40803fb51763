import { useState } from 'react';
import { Button, Classes, Intent, Switch, Tag } from '@blueprintjs/core';
import { ArchiveIcon, EditIcon, PlusIcon, UndoIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { useAppMutation } from '@/lib/api/mutation';
import {
  blankRequirement,
  DOC_CATEGORIES,
  inLanguage,
  requirementsKey,
  setDocRequirementRetired,
  useDocRequirements,
  type DocCategory,
  type FacilityDocRequirementDef,
} from '../api/requirements';
import { RequirementDialog } from '../components/RequirementDialog';
import '../docRequirements.css';

function isCategory(v: string): v is DocCategory {
  return (DOC_CATEGORIES as readonly string[]).includes(v);
}

/**
 * /facility-doc-requirements (super admin): the facility documents' required set as a parameter set. By
 * category, each requirement with its names, WAC source, document rules and check items; add, edit, retire
 * (it leaves every home's checklist; its documents stay readable) and restore. Homes see an edit on their
 * next call.
 */
export default function DocRequirementsPage() {
  const { t, i18n } = useTranslation();
  const list = useDocRequirements();
  const [category, setCategory] = useState<DocCategory>('EMERGENCY_PREPAREDNESS');
  const [showRetired, setShowRetired] = useState(false);
  const [editing, setEditing] = useState<FacilityDocRequirementDef | null>(null);
  const [retiring, setRetiring] = useState<FacilityDocRequirementDef | null>(null);
  const retire = useAppMutation({
    mutationFn: ({ code, yes }: { code: string; yes: boolean }) => setDocRequirementRetired(code, yes),
    invalidates: [requirementsKey],
    success: (_d, v) => (v.yes ? 'platformDocReqs.done.retired' : 'platformDocReqs.done.restored'),
    onSettled: () => setRetiring(null),
  });
  const all = list.data ?? [];
  const inCategory = all.filter((r) => r.category === category);
  const shown = inCategory.filter((r) => showRetired || r.retiredAt === 0);
  const retiredCount = inCategory.length - inCategory.filter((r) => r.retiredAt === 0).length;
  const name = (r: FacilityDocRequirementDef) => inLanguage(r.names, i18n.language);
  return (
    <div className="hearth-page">
      <PageHeader title={t('platformDocReqs.title')} />
      <p className="hearth-muted">{t('platformDocReqs.intro')}</p>
      <div className="hearth-filter-bar hearth-docreq-bar">
        <label className="hearth-docreq-category">
          <span>{t('platformDocReqs.field.category')}</span>
          <Select
            data-testid="docreq-category"
            value={category}
            onChange={(e) => isCategory(e.currentTarget.value) && setCategory(e.currentTarget.value)}
            options={DOC_CATEGORIES.map((c) => ({
              value: c,
              label: t('platformDocReqs.categoryCount', {
                category: t(`platformDocReqs.category.${c}`),
                count: all.filter((r) => r.category === c && r.retiredAt === 0).length,
              }),
            }))}
          />
        </label>
        <Switch
          checked={showRetired}
          data-testid="docreq-show-retired"
          label={t('platformDocReqs.showRetired', { count: retiredCount })}
          onChange={(e) => setShowRetired(e.currentTarget.checked)}
        />
        <Button intent={Intent.PRIMARY} icon={<PlusIcon />} data-testid="docreq-add" onClick={() => setEditing(blankRequirement(category))}>
          {t('platformDocReqs.add')}
        </Button>
      </div>
      <QueryErrorBanner query={list} />
      {list.data && shown.length === 0 ? <p className="hearth-muted">{t('platformDocReqs.none')}</p> : null}
      <ul className="hearth-docreq-cards" aria-label={t(`platformDocReqs.category.${category}`)}>
        {shown.map((r) => (
          <li key={r.code} data-testid="docreq-row" className={r.retiredAt ? 'hearth-docreq-retired' : undefined}>
            <div className="hearth-docreq-head">
              <h2>{name(r)}</h2>
              {r.retiredAt ? <Tag intent={Intent.WARNING}>{t('platformDocReqs.retired')}</Tag> : null}
            </div>
            <p className="hearth-docreq-source">{r.source}</p>
            <div className="hearth-docreq-tags">
              {r.expiryRequired ? <Tag minimal>{t('platformDocReqs.tag.expiry')}</Tag> : null}
              {r.signaturesRequired ? <Tag minimal>{t('platformDocReqs.tag.signatures')}</Tag> : null}
              {r.approvalStep ? <Tag minimal>{t('platformDocReqs.tag.approval')}</Tag> : null}
              {r.validityMonths > 0 ? <Tag minimal>{t('platformDocReqs.validityTag', { count: r.validityMonths })}</Tag> : null}
              <Tag minimal>
                {r.expiringSoonDays > 0
                  ? t('platformDocReqs.soonDaysTag', { count: r.expiringSoonDays })
                  : t('platformDocReqs.tag.soonDefault')}
              </Tag>
            </div>
            <p className="hearth-muted">
              {t('platformDocReqs.counts', { items: r.checkItems.length, documents: r.documents })} · <code>{r.code}</code>
            </p>
            {r.checkItems.length > 0 ? (
              <details>
                <summary>{t('platformDocReqs.itemsSummary', { count: r.checkItems.length })}</summary>
                <ol className="hearth-docreq-items">
                  {r.checkItems.map((it) => (
                    <li key={it.code}>
                      {inLanguage(it.labels, i18n.language)} <small className="hearth-muted">({it.source})</small>
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
            <div className="hearth-docreq-actions">
              <Button icon={<EditIcon />} aria-label={t('platformDocReqs.editNamed', { name: name(r) })} onClick={() => setEditing(r)}>
                {t('platformDocReqs.edit')}
              </Button>
              {r.retiredAt ? (
                <Button
                  icon={<UndoIcon />}
                  aria-label={t('platformDocReqs.restoreNamed', { name: name(r) })}
                  loading={retire.isPending && retire.variables?.code === r.code}
                  onClick={() => r.code && retire.mutate({ code: r.code, yes: false })}
                >
                  {t('platformDocReqs.restore')}
                </Button>
              ) : (
                <Button
                  icon={<ArchiveIcon />}
                  intent={Intent.WARNING}
                  aria-label={t('platformDocReqs.retireNamed', { name: name(r) })}
                  onClick={() => setRetiring(r)}
                >
                  {t('platformDocReqs.retire')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {editing ? <RequirementDialog requirement={editing} onClose={() => setEditing(null)} /> : null}
      {retiring ? (
        <AppDialog title={t('platformDocReqs.retireNamed', { name: name(retiring) })} onClose={() => setRetiring(null)}>
          <div className={Classes.DIALOG_BODY}>
            <p>{t('platformDocReqs.retireExplain', { count: retiring.documents })}</p>
          </div>
          <div className={Classes.DIALOG_FOOTER}>
            <div className={Classes.DIALOG_FOOTER_ACTIONS}>
              <Button onClick={() => setRetiring(null)}>{t('common.action.cancel')}</Button>
              <Button
                intent={Intent.WARNING}
                data-testid="docreq-retire-confirm"
                loading={retire.isPending}
                onClick={() => retiring.code && retire.mutate({ code: retiring.code, yes: true })}
              >
                {t('platformDocReqs.retire')}
              </Button>
            </div>
          </div>
        </AppDialog>
      ) : null}
    </div>
  );
}
