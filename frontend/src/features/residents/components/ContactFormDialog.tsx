import { useState } from 'react';
import { Button, DialogBody, DialogFooter, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ResidentContact } from '@/types/api.gen';
import { ResidentNameMax, ResidentPhoneMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
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
import { FormField, useRuleMessage } from './FormField';

interface ContactFormDialogProps {
  residentId: string;
  /** The contact to edit; undefined adds one (in `group`). */
  contact?: ResidentContact;
  group?: string;
  onClose: () => void;
  onSaved: () => void;
}

type ContactField = Exclude<keyof ContactDraft, 'group'>;

/** Add or edit a contact (000 §3 "Contact"): group, name, phone, relationship, role, e-mail, fax, address. */
export function ContactFormDialog({ residentId, contact, group, onClose, onSaved }: ContactFormDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [draft, setDraft] = useState<ContactDraft>(() => (contact ? contactDraftOf(contact) : emptyContactDraft(group)));
  const [errors, setErrors] = useState<FormErrors>({});
  const [server, setServer] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const found = validateContact(draft);
    setErrors(found);
    setServer({});
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await saveContact(contactRequest(draft, residentId, contact?.contactId), t('residents.contacts.saveOperation'));
      onSaved();
    } catch (err) {
      if (isApiError(err) && err.code === '4022') {
        const fields = fieldErrors(err);
        setServer(Object.keys(fields).length > 0 ? fields : { name: err.message });
      }
    } finally {
      setBusy(false);
    }
  };

  const input = (field: ContactField, label: string, max: number, type = 'text') => {
    const id = `contact-${field}`;
    const error = message(errors[field]) ?? server[field];
    return (
      <FormField id={id} label={label} error={error} className={field === 'address' ? 'hearth-form-wide' : undefined}>
        <InputGroup
          id={id}
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
          void submit();
        }}
      >
        <DialogBody>
          <div className="hearth-form-grid">
            <FormField id="contact-group" label={t('residents.contacts.group')}>
              <HTMLSelect
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
              <Button type="submit" intent={Intent.PRIMARY} loading={busy} data-testid="contact-save">
                {t('residents.form.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
