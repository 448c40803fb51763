import { useState } from 'react';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { PeopleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { CheckInContactsMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { ContactFields } from '@/components/residents/ContactFields';
import { useRuleMessage } from '@/lib/form/FormField';
import { CONTACT_GROUP_KEYS, labelOf } from '@/lib/residents/residentLabels';
import { CONTACT_GROUPS, contactRequest, emptyContactDraft, validateContact, type ContactDraft, type FormErrors } from '@/lib/residents/residentRules';
import { createContactForCheckIn } from '../api/createContactForCheckIn';
import { newKey } from '../taskDraft';
import type { ContactItem } from '../wizardDrafts';
import { ItemListStep, type ListStepProps } from './ItemListStep';

/** Step 5, contacts: by group (emergency, care providers, family and friends, other), saved together with Next. */
export function ContactsStep(props: ListStepProps<ContactItem>) {
  const { t } = useTranslation();
  const contacts = props.items;
  return (
    <ItemListStep
      {...props}
      kind="contact"
      title={t('movein.step.contacts')}
      hint={t('movein.contacts.hint')}
      testId="movein-contacts"
      save={(list, files) =>
        createContactForCheckIn({ residentId: props.residentId, contacts: list.map((c) => contactRequest(c.draft, props.residentId, c.contactId || undefined)) }, files)
      }
      success="movein.done.contactsSaved"
      list="contacts"
      max={CheckInContactsMax}
      words={{
        count: t('movein.contacts.count', { n: contacts.length }),
        add: t('movein.contacts.add'),
        empty: t('movein.contacts.empty'),
        tooMany: t('movein.contacts.tooMany', { max: CheckInContactsMax }),
        fix: t('movein.contacts.fix'),
        documentsHint: t('movein.documents.contactsHint'),
      }}
      emptyIcon={<PeopleIcon size={32} />}
      newItem={() => ({ key: newKey('contact'), contactId: '', draft: emptyContactDraft() })}
      nameOf={(c) => c.draft.name}
      itemName={(index) => t('movein.contacts.itemName', { n: index + 1, name: contacts[index]?.draft.name ?? '' })}
      needsFix={(c, i) => (Object.keys(validateContact(c.draft)).length > 0 ? t('movein.contacts.needsFix', { n: i + 1, name: c.draft.name || '—' }) : undefined)}
      heading={(c) => c.draft.name}
      details={(c, _i, problemTag) => (
        <>
          {problemTag}
          <p className="hearth-movein-item-line">{[c.draft.relationship, c.draft.phone, c.draft.email].filter(Boolean).join(' · ')}</p>
        </>
      )}
      sections={(entries) =>
        CONTACT_GROUPS.map((group) => ({
          id: group,
          title: labelOf(t, CONTACT_GROUP_KEYS, group),
          entries: entries.filter(({ item }) => item.draft.group === group || (group === 'OTHER' && !CONTACT_GROUPS.includes(item.draft.group as never))),
        }))
      }
      dialog={(item, isNew, close, done) => <ContactDialog item={item} isNew={isNew} onClose={close} onDone={done} />}
    />
  );
}

/** A contact in the list (the resident contact form's fields); saved with the step. */
function ContactDialog({ item, isNew, onClose, onDone }: { item: ContactItem; isNew: boolean; onClose: () => void; onDone: (item: ContactItem) => void }) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [draft, setDraft] = useState<ContactDraft>(item.draft);
  const [errors, setErrors] = useState<FormErrors>({});
  const submit = () => {
    const found = validateContact(draft);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    onDone({ ...item, draft });
  };
  return (
    <AppDialog title={isNew ? t('residents.contacts.addTitle') : t('residents.contacts.editTitle')} onClose={onClose} canOutsideClickClose={false}>
      <form
        noValidate
        data-testid="movein-contact-form"
        onSubmit={(e) => {
          // The dialog is a portal inside the step's form: its submit must not reach the step.
          e.preventDefault();
          e.stopPropagation();
          submit();
        }}
      >
        <DialogBody>
          <ContactFields draft={draft} onChange={setDraft} errorOf={(field) => message(errors[field])} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} data-testid="movein-contact-done">
                {isNew ? t('movein.contacts.addOne') : t('movein.task.keep')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
