import { useState } from 'react';
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ResidentContact } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { ContactFields } from '@/components/residents/ContactFields';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { useRuleMessage } from '@/lib/form/FormField';
import { contactDraftOf, contactRequest, emptyContactDraft, validateContact, type ContactDraft, type FormErrors } from '@/lib/residents/residentRules';
import { contactsKey, residentsKey } from '../api/keys';
import { saveContact } from '../api/saveContact';

interface ContactFormDialogProps {
  residentId: string;
  /** The contact to edit; undefined adds one (in `group`). */
  contact?: ResidentContact;
  group?: string;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a contact (000 §3 "Contact"): group, name, phone, relationship, role, e-mail, fax, address. */
export function ContactFormDialog({ residentId, contact, group, onClose, onSaved }: ContactFormDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [draft, setDraft] = useState<ContactDraft>(() => (contact ? contactDraftOf(contact) : emptyContactDraft(group)));
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useAppMutation({
    mutationFn: saveContact,
    // The profile shows the first emergency contact.
    invalidates: [contactsKey, [...residentsKey, 'detail', residentId]],
    success: contact ? 'residents.done.contactSaved' : 'residents.done.contactAdded',
    onSuccess: onSaved,
  });
  // A refusal naming no field shows under the name.
  const server = save.isPending ? {} : fieldErrors(save.error, 'name');

  const submit = () => {
    const found = validateContact(draft);
    setErrors(found);
    save.reset();
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    save.mutate(contactRequest(draft, residentId, contact?.contactId));
  };

  return (
    <AppDialog
      title={contact ? t('residents.contacts.editTitle') : t('residents.contacts.addTitle')}
      onClose={onClose}
      canOutsideClickClose={false}
    >
      <form
        noValidate
        data-testid="contact-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <ContactFields draft={draft} onChange={setDraft} errorOf={(field) => message(errors[field]) ?? server[field]} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="contact-save">
                {t('residents.form.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
