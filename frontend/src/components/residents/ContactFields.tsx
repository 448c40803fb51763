import { InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ResidentNameMax, ResidentPhoneMax } from '@/types/api.gen';
import { Select } from '@/components/Select';
import { FormField } from '@/lib/form/FormField';
import { CONTACT_GROUP_KEYS, labelOf } from '@/lib/residents/residentLabels';
import { CONTACT_GROUPS, EMAIL_MAX, SUB_DETAILS_MAX, type ContactDraft } from '@/lib/residents/residentRules';
import './residentFields.css';

type ContactField = Exclude<keyof ContactDraft, 'group'>;

/** What a contact cannot be saved without (validateContact). */
const REQUIRED: readonly ContactField[] = ['name', 'phone'];

interface ContactFieldsProps {
  draft: ContactDraft;
  onChange: (draft: ContactDraft) => void;
  /** The message under a field (a broken rule or the server's word). */
  errorOf: (field: string) => string | undefined;
}

/**
 * A resident contact's fields (000 §3 "Contact"): group, name, phone, relationship, role, e-mail, fax,
 * address; inputs are `#contact-<field>`. Shared by the contact dialog and the move-in wizard.
 */
export function ContactFields({ draft, onChange, errorOf }: ContactFieldsProps) {
  const { t } = useTranslation();
  const input = (field: ContactField, label: string, max: number, type = 'text') => {
    const id = `contact-${field}`;
    const error = errorOf(field);
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
          onChange={(e) => onChange({ ...draft, [field]: e.currentTarget.value })}
        />
      </FormField>
    );
  };
  return (
    <div className="hearth-form-grid">
      <FormField id="contact-group" label={t('residents.contacts.group')}>
        <Select
          id="contact-group"
          fill
          value={draft.group}
          onChange={(e) => onChange({ ...draft, group: e.currentTarget.value })}
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
  );
}
