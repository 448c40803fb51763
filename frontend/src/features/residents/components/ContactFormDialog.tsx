import { useState } from 'react';
import { Button, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ResidentContact } from '@/types/api.gen';
import { ResidentNameMax, ResidentPhoneMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { contactsKey, residentsKey } from '../api/keys';
import { saveContact } from '../api/saveContact';
import { CONTACT_GROUP_KEYS, labelOf } from '../residentLabels';
import {
  CONTACT_GROUPS,
  contactDraftOf,
  contactRequest,
  EMAIL_MAX,
  emptyContactDraft,
  SUB_DETAILS_MAX,
  validateContact,
  type ContactDraft,
  type FormErrors,
} from '../residentRules';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { Select } from '@/components/Select';

interface ContactFormDialogProps {
  residentId: string;
  /** The contact to edit; undefined adds one (in `group`). */
  contact?: ResidentContact;
  group?: string;
  onClose: () => void;
  onSaved: () => void;
}

type ContactField = Exclude<keyof ContactDraft, 'group'>;

/** What a contact cannot be saved without (validateContact). */
const REQUIRED: readonly ContactField[] = ['name', 'phone'];

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

  const input = (field: ContactField, label: string, max: number, type = 'text') => {
    const id = `contact-${field}`;
    const error = message(errors[field]) ?? server[field];
    return (
      <FormField id={id} label={label} required={REQUIRED.includes(field)} error={error} className={field === 'address' ? 'hearth-form-wide' : undefined}>
        <InputGroup
          id={id}
          required={REQUIRED.includes(field)}
          type={type}
          value={draft[field]}
          maxLength={max}
          intent={error ? Intent.DANGER : Intent.NONE}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })}
        />
      </FormField>
    );
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
          <div className="hearth-form-grid">
            <FormField id="contact-group" label={t('residents.contacts.group')}>
              <Select
                id="contact-group"
                fill
                value={draft.group}
                onChange={(e) => setDraft({ ...draft, group: e.currentTarget.value })}
                options={CONTACT_GROUPS.map((g) => ({ value: g, label: labelOf(t, CONTACT_GROUP_KEYS, g) }))}
              />
            </FormField>
            {input('name', t('residents.contacts.name'), ResidentNameMax)}
            {input('phone', t('residents.contacts.phone'), ResidentPhoneMax, 'tel')}
            {input('relationship', t('residents.contacts.relationship'), ResidentNameMax)}
            {input('role', t('residents.contacts.role'), ResidentNameMax)}
            {input('email', t('residents.contacts.email'), EMAIL_MAX, 'email')}
            {input('fax', t('residents.contacts.fax'), ResidentPhoneMax, 'tel')}
            {input('address', t('residents.contacts.address'), SUB_DETAILS_MAX)}
          </div>
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
