import { useState } from 'react';
import { Button, Classes, FormGroup, InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import {
  FacilityDocCheckItemsMax,
  FacilityDocCheckLabelMax,
  FacilityDocKeywordMax,
  FacilityDocKeywordsMax,
  FacilityDocReqNameMax,
  FacilityDocReqSortMax,
  FacilityDocReqSourceMax,
  FacilityDocSoonDaysMax,
  FacilityDocValidityMaxMon,
} from '@/types/api.gen';
import {
  blankCheckItem,
  DOC_CATEGORIES,
  NAME_LANGUAGES,
  parseKeywords,
  requirementsKey,
  saveDocRequirement,
  type FacilityDocCheckItemDef,
  type FacilityDocRequirementDef,
} from '../api/requirements';

/** A check item being edited: its keywords as typed. */
type ItemDraft = FacilityDocCheckItemDef & { keywordsText: string; key: number };

/** A whole number typed into a field, at most max (anything else is dropped). */
function whole(value: string, max: number): number {
  return Math.min(Number(value.replace(/\D/g, '').slice(0, 6)) || 0, max);
}

/** What is wrong with a check item before it is sent (a message key), or undefined. */
export function itemProblem(it: ItemDraft): 'wording' | 'source' | 'keywords' | 'keywordLong' | 'keywordBar' | undefined {
  const words = parseKeywords(it.keywordsText);
  if (it.labels['en-US'].trim() === '') return 'wording';
  if (it.source.trim() === '') return 'source';
  if (words.length === 0 || words.length > FacilityDocKeywordsMax) return 'keywords';
  if (words.some((k) => k.length > FacilityDocKeywordMax)) return 'keywordLong';
  if (words.some((k) => k.includes('|'))) return 'keywordBar';
  return undefined;
}

let nextKey = 1;

/** Add or edit one requirement of the required set with its check items. */
export function RequirementDialog({ requirement, onClose }: { requirement: FacilityDocRequirementDef; onClose: () => void }) {
  const { t } = useTranslation();
  const [r, setR] = useState<FacilityDocRequirementDef>(requirement);
  const [items, setItems] = useState<ItemDraft[]>(() =>
    requirement.checkItems.map((it) => ({ ...it, keywordsText: it.keywords.join(', '), key: nextKey++ })),
  );
  const save = useAppMutation({
    mutationFn: (v: FacilityDocRequirementDef) => saveDocRequirement(v),
    invalidates: [requirementsKey],
    success: 'platformDocReqs.done.saved',
    onSuccess: onClose,
  });
  const server = save.isPending ? {} : fieldErrors(save.error, 'form');
  const isNew = requirement.code === '';
  const nameMissing = r.names['en-US'].trim() === '';
  const sourceMissing = r.source.trim() === '';
  const problems = items.map(itemProblem);
  const invalid = nameMissing || sourceMissing || problems.some((p) => p !== undefined);
  const setItem = (i: number, change: Partial<ItemDraft>) => setItems(items.map((it, j) => (j === i ? { ...it, ...change } : it)));
  const move = (i: number, by: number) => {
    const next = [...items];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    setItems(next);
  };
  const submit = () =>
    save.mutate({
      ...r,
      checkItems: items.map(({ code, labels, source, keywordsText }) => ({ code, labels, source, keywords: parseKeywords(keywordsText) })),
    });
  const langLabel = (l: (typeof NAME_LANGUAGES)[number]) => t(`platformDocReqs.language.${l}`);
  return (
    <AppDialog
      title={isNew ? t('platformDocReqs.add') : t('platformDocReqs.editNamed', { name: requirement.names['en-US'] })}
      onClose={onClose}
      className="hearth-docreq-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) submit();
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          {server.form ? <p className="hearth-docreq-error" role="alert">{server.form}</p> : null}
          <FormGroup label={t('platformDocReqs.field.category')} labelFor="docreq-category" helperText={isNew ? undefined : t('platformDocReqs.categoryFixed')}>
            <Select
              id="docreq-category"
              value={r.category}
              disabled={!isNew}
              onChange={(e) => setR({ ...r, category: e.currentTarget.value })}
              options={DOC_CATEGORIES.map((c) => ({ value: c, label: t(`platformDocReqs.category.${c}`) }))}
            />
          </FormGroup>
          <fieldset className="hearth-docreq-fieldset">
            <legend>{t('platformDocReqs.field.names')}</legend>
            {NAME_LANGUAGES.map((l) => {
              const error = (l === 'en-US' && nameMissing && r !== requirement ? t('platformDocReqs.nameRequired') : undefined) ?? server[`names.${l}`];
              return (
                <FormGroup
                  key={l}
                  label={langLabel(l)}
                  labelFor={`docreq-name-${l}`}
                  labelInfo={l === 'en-US' ? t('platformDocReqs.required') : t('platformDocReqs.optionalEnglish')}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  helperText={error}
                >
                  <InputGroup
                    id={`docreq-name-${l}`}
                    data-testid={`docreq-name-${l}`}
                    maxLength={FacilityDocReqNameMax}
                    value={r.names[l]}
                    intent={error ? Intent.DANGER : Intent.NONE}
                    onChange={(e) => setR({ ...r, names: { ...r.names, [l]: e.currentTarget.value } })}
                  />
                </FormGroup>
              );
            })}
          </fieldset>
          <FormGroup
            label={t('platformDocReqs.field.source')}
            labelFor="docreq-source"
            intent={server.source ? Intent.DANGER : Intent.NONE}
            helperText={server.source ?? t('platformDocReqs.sourceHelp')}
          >
            <TextArea
              id="docreq-source"
              data-testid="docreq-source"
              fill
              maxLength={FacilityDocReqSourceMax}
              value={r.source}
              onChange={(e) => setR({ ...r, source: e.currentTarget.value })}
            />
          </FormGroup>
          <div className="hearth-docreq-switches">
            <Switch
              checked={r.expiryRequired}
              label={t('platformDocReqs.field.expiryRequired')}
              onChange={(e) => setR({ ...r, expiryRequired: e.currentTarget.checked })}
            />
            <Switch
              checked={r.signaturesRequired}
              label={t('platformDocReqs.field.signaturesRequired')}
              onChange={(e) => setR({ ...r, signaturesRequired: e.currentTarget.checked })}
            />
            <Switch
              checked={r.approvalStep}
              label={t('platformDocReqs.field.approvalStep')}
              onChange={(e) => setR({ ...r, approvalStep: e.currentTarget.checked })}
            />
          </div>
          <div className="hearth-form-grid">
            <FormGroup
              label={t('platformDocReqs.field.validityMonths')}
              labelFor="docreq-validity"
              helperText={server.validityMonths ?? t('platformDocReqs.validityHelp', { max: FacilityDocValidityMaxMon })}
            >
              <InputGroup
                id="docreq-validity"
                data-testid="docreq-validity"
                inputMode="numeric"
                value={String(r.validityMonths)}
                onChange={(e) => setR({ ...r, validityMonths: whole(e.currentTarget.value, FacilityDocValidityMaxMon) })}
              />
            </FormGroup>
            <FormGroup
              label={t('platformDocReqs.field.expiringSoonDays')}
              labelFor="docreq-soon"
              helperText={server.expiringSoonDays ?? t('platformDocReqs.soonHelp', { max: FacilityDocSoonDaysMax })}
            >
              <InputGroup
                id="docreq-soon"
                data-testid="docreq-soon"
                inputMode="numeric"
                value={String(r.expiringSoonDays)}
                onChange={(e) => setR({ ...r, expiringSoonDays: whole(e.currentTarget.value, FacilityDocSoonDaysMax) })}
              />
            </FormGroup>
            <FormGroup label={t('platformDocReqs.field.sort')} labelFor="docreq-sort" helperText={server.sort ?? t('platformDocReqs.sortHelp')}>
              <InputGroup
                id="docreq-sort"
                inputMode="numeric"
                value={String(r.sort)}
                onChange={(e) => setR({ ...r, sort: whole(e.currentTarget.value, FacilityDocReqSortMax) })}
              />
            </FormGroup>
          </div>
          <h3 className="hearth-docreq-subtitle">{t('platformDocReqs.field.checkItems')}</h3>
          <p className="hearth-muted">{t('platformDocReqs.itemsHelp')}</p>
          {server.checkItems ? <p className="hearth-docreq-error">{server.checkItems}</p> : null}
          <ol className="hearth-docreq-edit-items">
            {items.map((it, i) => {
              const n = i + 1;
              const problem = problems[i];
              const error = server[`checkItems[${i}]`] ?? (problem ? t(`platformDocReqs.itemProblem.${problem}`, { max: FacilityDocKeywordMax }) : undefined);
              return (
                <li key={it.key} data-testid="docreq-item">
                  <fieldset className="hearth-docreq-fieldset">
                    <legend>{t('platformDocReqs.itemN', { n })}</legend>
                    {NAME_LANGUAGES.map((l) => (
                      <FormGroup key={l} label={t('platformDocReqs.itemWording', { language: langLabel(l) })} labelFor={`docreq-item-${it.key}-${l}`}>
                        <TextArea
                          id={`docreq-item-${it.key}-${l}`}
                          fill
                          rows={2}
                          maxLength={FacilityDocCheckLabelMax}
                          value={it.labels[l]}
                          onChange={(e) => setItem(i, { labels: { ...it.labels, [l]: e.currentTarget.value } })}
                        />
                      </FormGroup>
                    ))}
                    <FormGroup label={t('platformDocReqs.field.itemSource')} labelFor={`docreq-item-${it.key}-source`}>
                      <InputGroup
                        id={`docreq-item-${it.key}-source`}
                        maxLength={FacilityDocReqSourceMax}
                        value={it.source}
                        onChange={(e) => setItem(i, { source: e.currentTarget.value })}
                      />
                    </FormGroup>
                    <FormGroup
                      label={t('platformDocReqs.field.keywords')}
                      labelFor={`docreq-item-${it.key}-keywords`}
                      helperText={t('platformDocReqs.keywordsHelp')}
                    >
                      <InputGroup
                        id={`docreq-item-${it.key}-keywords`}
                        value={it.keywordsText}
                        onChange={(e) => setItem(i, { keywordsText: e.currentTarget.value })}
                      />
                    </FormGroup>
                    {error ? (
                      <p className="hearth-docreq-error" data-testid="docreq-item-error">
                        {error}
                      </p>
                    ) : null}
                    <div className="hearth-docreq-actions">
                      <Button
                        variant="minimal"
                        icon={<ArrowUpIcon />}
                        disabled={i === 0}
                        aria-label={t('platformDocReqs.moveUp', { n })}
                        onClick={() => move(i, -1)}
                      />
                      <Button
                        variant="minimal"
                        icon={<ArrowDownIcon />}
                        disabled={i === items.length - 1}
                        aria-label={t('platformDocReqs.moveDown', { n })}
                        onClick={() => move(i, 1)}
                      />
                      <Button
                        variant="minimal"
                        icon={<TrashIcon />}
                        intent={Intent.DANGER}
                        aria-label={t('platformDocReqs.removeItem', { n })}
                        onClick={() => setItems(items.filter((_, j) => j !== i))}
                      />
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <Button
            icon={<PlusIcon />}
            data-testid="docreq-add-item"
            disabled={items.length >= FacilityDocCheckItemsMax}
            onClick={() => setItems([...items, { ...blankCheckItem(), keywordsText: '', key: nextKey++ }])}
          >
            {t('platformDocReqs.addItem')}
          </Button>
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} disabled={invalid} data-testid="docreq-save">
              {t('platformDocReqs.save')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
