import { useState } from 'react';
import { Alert, Button, Card, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { EditIcon, PlusIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { ResidentContact } from '@/types/api.gen';
import { useAppMutation } from '@/lib/api/mutation';
import { deleteContact } from '../api/deleteContact';
import { contactsKey, residentsKey } from '../api/keys';
import { useContacts } from '../api/listContactByPage';
import { CONTACT_GROUP_KEYS, labelOf } from '@/lib/residents/residentLabels';
import { groupContacts } from '@/lib/residents/residentRules';
import { ContactFormDialog } from './ContactFormDialog';

interface ContactsTabProps {
  residentId: string;
  /** Owners and admins of a resident who is not final may add, edit and delete. */
  editable: boolean;
}

/** The resident's contacts by group: emergency, care providers, family and friends, other (000 §3). */
export function ContactsTab({ residentId, editable }: ContactsTabProps) {
  const { t } = useTranslation();
  const contacts = useContacts(residentId);
  const [form, setForm] = useState<{ contact?: ResidentContact; group?: string } | null>(null);
  const [deleting, setDeleting] = useState<ResidentContact | null>(null);
  const remove = useAppMutation({
    mutationFn: deleteContact,
    // The profile shows the first emergency contact.
    invalidates: [contactsKey, [...residentsKey, 'detail', residentId]],
    success: 'residents.done.contactDeleted',
    onSettled: () => setDeleting(null),
  });

  if (contacts.isPending) return <Spinner size={24} />;
  const groups = groupContacts(contacts.data?.records ?? []);
  return (
    <div data-testid="contacts-tab">
      {editable ? (
        <div className="hearth-files-bar">
          <Button intent={Intent.PRIMARY} icon={<PlusIcon />} onClick={() => setForm({})} data-testid="contact-add">
            {t('residents.contacts.add')}
          </Button>
        </div>
      ) : null}
      {groups.map(({ group, contacts: list }) => (
        <section key={group} className="hearth-contact-group" data-testid="contact-group" data-group={group}>
          <h2 className="hearth-contact-group-title">{labelOf(t, CONTACT_GROUP_KEYS, group)}</h2>
          {list.length === 0 ? (
            <p className="hearth-muted">{t('residents.contacts.empty')}</p>
          ) : (
            <div className="hearth-contact-cards">
              {list.map((c) => (
                <Card key={c.contactId} compact className="hearth-contact-card" data-testid="contact-card">
                  <div className="hearth-contact-card-head">
                    <strong>{c.name}</strong>
                    {editable ? (
                      <span>
                        <Button
                          variant="minimal"
                          size="small"
                          icon={<EditIcon />}
                          aria-label={`${t('residents.contacts.edit')}: ${c.name}`}
                          title={t('residents.contacts.edit')}
                          onClick={() => setForm({ contact: c })}
                        />
                        <Button
                          variant="minimal"
                          size="small"
                          intent={Intent.DANGER}
                          icon={<TrashIcon />}
                          aria-label={`${t('residents.contacts.delete')}: ${c.name}`}
                          title={t('residents.contacts.delete')}
                          onClick={() => setDeleting(c)}
                        />
                      </span>
                    ) : null}
                  </div>
                  {c.relationship || c.role ? <p className="hearth-muted">{[c.relationship, c.role].filter(Boolean).join(' · ')}</p> : null}
                  <p>
                    <a href={`tel:${c.phone}`}>{c.phone}</a>
                  </p>
                  {c.email ? (
                    <p>
                      <a href={`mailto:${c.email}`}>{c.email}</a>
                    </p>
                  ) : null}
                  {c.fax ? (
                    <p>
                      {t('residents.contacts.fax')}: {c.fax}
                    </p>
                  ) : null}
                  {c.address ? <p className="hearth-muted">{c.address}</p> : null}
                </Card>
              ))}
            </div>
          )}
        </section>
      ))}
      {!editable && groups.every((g) => g.contacts.length === 0) ? <EmptyState title={t('residents.contacts.empty')} /> : null}
      {form ? (
        <ContactFormDialog
          residentId={residentId}
          contact={form.contact}
          group={form.group}
          onClose={() => setForm(null)}
          onSaved={() => setForm(null)}
        />
      ) : null}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        confirmButtonText={t('residents.contacts.delete')}
        cancelButtonText={t('common.action.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ contactId: deleting.contactId })}
      >
        <p data-testid="contact-delete-confirm">{t('residents.contacts.deleteConfirm', { name: deleting?.name ?? '' })}</p>
      </Alert>
    </div>
  );
}
