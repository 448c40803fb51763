import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Card, Intent, Tag } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { EditIcon, PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { CheckIn } from '@/types/api.gen';
import { fieldErrors } from '@/lib/api/fieldErrors';
import type { MessageKey } from '@/lib/api/mutation';
import { problemIndexes, type ItemList } from '../stepProblems';
import { useStepSave } from '../useStepSave';
import { StepForm, type StepDocuments } from './StepForm';

/** An item of a step's list: its key stays while the wizard is open (the saved id, or one made here). */
export interface ListItem {
  key: string;
}

export interface ListEntry<T> {
  item: T;
  /** Its place in the whole list (the server names items by it). */
  index: number;
}

/** The props every list step takes from the wizard. */
export interface ListStepProps<T> extends StepDocuments {
  residentId: string;
  items: T[];
  onChange: (items: T[]) => void;
  onBack: () => void;
  onSaved: (checkIn: CheckIn) => void;
}

interface ItemListStepProps<T extends ListItem> extends ListStepProps<T> {
  /** What the list holds: test ids `movein-<kind>` (a card), `-add`, `-count`, `-edit`, `-remove`. */
  kind: 'task' | 'medication' | 'contact';
  title: string;
  hint: string;
  testId: string;
  /** The step's call, which saves the whole list with the documents chosen on the step. */
  save: (items: T[], files: File[]) => Promise<CheckIn>;
  success: MessageKey;
  list: ItemList;
  /** At most this many items in one save. */
  max: number;
  words: {
    count: string;
    add: string;
    empty: string;
    tooMany: string;
    /** At the top when items need fixing, above one line per item (`needsFix`). */
    fix: string;
    documentsHint: string;
  };
  emptyIcon: ReactElement;
  newItem: () => T;
  /** Its name on its buttons. */
  nameOf: (item: T) => string;
  /** How a refusal of the server names an item ("Task 2 (Evening walk)"). */
  itemName: (index: number) => string;
  /** The line that says an item breaks its rules, or undefined when it is right. */
  needsFix: (item: T, index: number) => string | undefined;
  /** The card's title line. */
  heading: (item: T, index: number) => ReactNode;
  /** The card under its title; `problemTag` marks an item the server refused. */
  details: (item: T, index: number, problemTag: ReactNode) => ReactNode;
  /** Cards in titled groups (contacts by group); one numbered list without it. */
  sections?: (entries: ListEntry<T>[]) => { id: string; title: string; entries: ListEntry<T>[] }[];
  /** The dialog that writes an item; `done` puts it in the list. */
  dialog: (item: T, isNew: boolean, close: () => void, done: (item: T) => void) => ReactNode;
}

/**
 * A step that is a list (care plan tasks, medications, contacts): its count and Add, the items as cards with
 * edit (a dialog) and remove, the step's documents, and Next, which checks every item and saves the list
 * together. A refusal that names an item marks its card.
 */
export function ItemListStep<T extends ListItem>(props: ItemListStepProps<T>) {
  const { t } = useTranslation();
  const { items, onChange, kind, words } = props;
  const [editing, setEditing] = useState<{ item: T; isNew: boolean } | null>(null);
  const step = useStepSave({
    save: (input: { items: T[]; files: File[] }) => props.save(input.items, input.files),
    success: props.success,
    onSaved: props.onSaved,
    items: { list: props.list, name: props.itemName },
  });
  const marked = step.problem ? problemIndexes(fieldErrors(step.mutation.error), props.list, step.problem.message) : new Set<number>();

  const submit = () => {
    if (items.length > props.max) {
      step.refuse(words.tooMany);
      return;
    }
    const broken = items.map((item, i) => props.needsFix(item, i)).filter((line): line is string => line !== undefined);
    if (broken.length > 0) {
      step.refuse(words.fix, broken);
      return;
    }
    step.start({ items, files: props.files });
  };

  const card = ({ item, index }: ListEntry<T>) => {
    const name = props.nameOf(item);
    return (
      <li key={item.key}>
        <Card className={`hearth-movein-item${marked.has(index) ? ' hearth-movein-item-problem' : ''}`} data-testid={`movein-${kind}`} data-name={name}>
          <div className="hearth-movein-item-head">
            <strong>{props.heading(item, index)}</strong>
            <span className="hearth-movein-item-actions">
              <Button
                icon={<EditIcon />}
                variant="minimal"
                aria-label={t('movein.action.editItem', { name })}
                onClick={() => setEditing({ item, isNew: false })}
                data-testid={`movein-${kind}-edit`}
              />
              <Button
                icon={<TrashIcon />}
                variant="minimal"
                intent={Intent.DANGER}
                aria-label={t('movein.action.removeItem', { name })}
                onClick={() => onChange(items.filter((x) => x.key !== item.key))}
                data-testid={`movein-${kind}-remove`}
              />
            </span>
          </div>
          {props.details(item, index, marked.has(index) ? <Tag intent={Intent.DANGER}>{t('movein.carePlan.problemTag')}</Tag> : null)}
        </Card>
      </li>
    );
  };

  const entries = items.map((item, index) => ({ item, index }));
  return (
    <StepForm title={props.title} hint={props.hint} step={step} onSubmit={submit} onBack={props.onBack} testId={props.testId} documents={props} documentsHint={words.documentsHint}>
      <div className="hearth-movein-list-bar">
        <span className="hearth-muted" data-testid={`movein-${kind}-count`}>
          {words.count}
        </span>
        <Button icon={<PlusIcon />} intent={Intent.PRIMARY} onClick={() => setEditing({ item: props.newItem(), isNew: true })} data-testid={`movein-${kind}-add`}>
          {words.add}
        </Button>
      </div>
      {items.length === 0 ? (
        <EmptyState icon={props.emptyIcon} title={words.empty} className="hearth-gap-bottom" />
      ) : props.sections ? (
        props.sections(entries).map((section) =>
          section.entries.length === 0 ? null : (
            <section key={section.id} className="hearth-movein-contact-group" aria-labelledby={`movein-group-${section.id}`}>
              <h3 id={`movein-group-${section.id}`}>{section.title}</h3>
              <ul className="hearth-movein-items">{section.entries.map(card)}</ul>
            </section>
          ),
        )
      ) : (
        <ol className="hearth-movein-items" aria-label={props.title}>
          {entries.map(card)}
        </ol>
      )}
      {editing
        ? props.dialog(editing.item, editing.isNew, () => setEditing(null), (item) => {
            onChange(editing.isNew ? [...items, item] : items.map((x) => (x.key === item.key ? item : x)));
            setEditing(null);
          })
        : null}
    </StepForm>
  );
}
