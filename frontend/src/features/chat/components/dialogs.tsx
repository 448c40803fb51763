import { useMemo, useState } from 'react';
import { Button, Checkbox, Classes, FormGroup, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Chat, Contact, MessageKind } from '@/types/api.gen';
import { ChatForwardToMax, ChatMembersMax, ChatNameMax, ChatSystem, MessageForwardEach, MessageForwardMerge } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { useAppMutation } from '@/lib/api/mutation';
import { addMembers, removeMembers, renameChat, startChat } from '../api/chats';
import { useContacts } from '../api/contacts';
import { chatsKey } from '../api/keys';
import { forwardMessages } from '../api/messages';
import { newTrackId } from '../socket/connection';

/** Contacts to choose from, with a search box (names and facilities). */
function ContactPicker({
  exclude,
  chosen,
  onToggle,
  max,
}: {
  exclude: ReadonlySet<string>;
  chosen: ReadonlySet<string>;
  onToggle: (uid: string) => void;
  max: number;
}) {
  const { t } = useTranslation();
  const contacts = useContacts();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (contacts.data ?? []).filter(
      (c: Contact) => !exclude.has(c.uid) && (!q || c.userName.toLowerCase().includes(q) || c.facilityName.toLowerCase().includes(q)),
    );
  }, [contacts.data, exclude, search]);
  return (
    <>
      <InputGroup
        leftIcon={<SearchIcon />}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('chat.contacts.search')}
        aria-label={t('chat.contacts.search')}
      />
      <ul className="hearth-chat-contacts" aria-label={t('chat.contacts.title')}>
        {contacts.isLoading ? <li className={Classes.TEXT_MUTED}>{t('chat.contacts.loading')}</li> : null}
        {!contacts.isLoading && shown.length === 0 ? <li className={Classes.TEXT_MUTED}>{t('chat.contacts.none')}</li> : null}
        {shown.map((c) => (
          <li key={c.uid}>
            <Checkbox
              checked={chosen.has(c.uid)}
              disabled={!chosen.has(c.uid) && chosen.size >= max}
              onChange={() => onToggle(c.uid)}
              labelElement={
                <span>
                  {c.userName} <span className="hearth-chat-meta">{c.facilityName}</span>
                </span>
              }
            />
          </li>
        ))}
      </ul>
    </>
  );
}

function useToggleSet() {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { chosen, toggle };
}

/** New chat: one person (their direct chat, the same one again) or several with a group name. */
export function NewChatDialog({ me, onClose, onStarted }: { me: string | undefined; onClose: () => void; onStarted: (chat: Chat) => void }) {
  const { t } = useTranslation();
  const { chosen, toggle } = useToggleSet();
  const [name, setName] = useState('');
  const group = chosen.size > 1 || name.trim() !== '';
  const start = useAppMutation({
    mutationFn: () => startChat({ memberIds: [...chosen], name: name.trim() || undefined }),
    invalidates: [chatsKey],
    onSuccess: onStarted,
  });
  return (
    <AppDialog title={t('chat.new.title')} onClose={onClose} className="hearth-chat-dialog">
      <div className={Classes.DIALOG_BODY}>
        <FormGroup label={t('chat.new.groupName')} labelFor="chat-group-name" helperText={t('chat.new.groupHelp')}>
          <InputGroup id="chat-group-name" value={name} maxLength={ChatNameMax} onChange={(e) => setName(e.target.value)} />
        </FormGroup>
        <ContactPicker exclude={new Set(me ? [me] : [])} chosen={chosen} onToggle={toggle} max={ChatMembersMax} />
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button intent="primary" disabled={chosen.size === 0} loading={start.isPending} onClick={() => start.mutate()} data-testid="chat-new-start">
            {group ? t('chat.new.startGroup') : t('chat.new.start')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}

/** Rename a group (at most 50 characters). */
export function RenameDialog({ chat, onClose }: { chat: Chat; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(chat.name);
  const rename = useAppMutation({
    mutationFn: () => renameChat(chat.id, name.trim()),
    invalidates: [chatsKey],
    success: 'chat.done.renamed',
    onSuccess: onClose,
  });
  return (
    <AppDialog title={t('chat.manage.rename')} onClose={onClose} className="hearth-chat-dialog">
      <div className={Classes.DIALOG_BODY}>
        <FormGroup label={t('chat.new.groupName')} labelFor="chat-rename">
          <InputGroup id="chat-rename" value={name} maxLength={ChatNameMax} onChange={(e) => setName(e.target.value)} autoFocus />
        </FormGroup>
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button intent="primary" disabled={!name.trim() || name.trim() === chat.name} loading={rename.isPending} onClick={() => rename.mutate()}>
            {t('chat.manage.save')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}

/** A group's members: remove one, add people from the contacts. */
export function MembersDialog({ chat, me, onClose }: { chat: Chat; me: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { chosen, toggle } = useToggleSet();
  const [adding, setAdding] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: chatsKey });
  const add = useAppMutation({
    mutationFn: () => addMembers({ chatId: chat.id, userIds: [...chosen] }),
    invalidates: [chatsKey],
    success: 'chat.done.membersAdded',
    onSuccess: onClose,
  });
  const remove = useAppMutation({
    mutationFn: (userId: string) => removeMembers({ chatId: chat.id, userIds: [userId] }),
    success: 'chat.done.memberRemoved',
    onSuccess: refresh,
  });
  const inChat = new Set(chat.members.map((m) => m.userId));
  return (
    <AppDialog title={t('chat.manage.members', { count: chat.members.length })} onClose={onClose} className="hearth-chat-dialog">
      <div className={Classes.DIALOG_BODY}>
        {adding ? (
          <ContactPicker exclude={inChat} chosen={chosen} onToggle={toggle} max={ChatMembersMax - chat.members.length} />
        ) : (
          <ul className="hearth-chat-contacts">
            {chat.members.map((m) => (
              <li key={m.userId} className="hearth-chat-member">
                <span>{m.userId === me ? t('chat.manage.you', { name: m.name }) : m.name}</span>
                {m.userId !== me ? (
                  <Button
                    size="small"
                    variant="minimal"
                    intent="danger"
                    loading={remove.isPending && remove.variables === m.userId}
                    onClick={() => remove.mutate(m.userId)}
                  >
                    {t('chat.manage.remove', { name: m.name })}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button onClick={onClose}>{t('common.action.close')}</Button>
          {adding ? (
            <Button intent="primary" disabled={chosen.size === 0} loading={add.isPending} onClick={() => add.mutate()}>
              {t('chat.manage.addChosen', { count: chosen.size })}
            </Button>
          ) : (
            <Button intent="primary" onClick={() => setAdding(true)}>
              {t('chat.manage.add')}
            </Button>
          )}
        </div>
      </div>
    </AppDialog>
  );
}

/** Forward messages to up to 10 chats: each as it was, or merged into one chat history. */
export function ForwardDialog({ chats, messageIds, onClose, onDone }: { chats: Chat[]; messageIds: string[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { chosen, toggle } = useToggleSet();
  const [mode, setMode] = useState<MessageKind>(MessageForwardEach);
  const [trackId] = useState(newTrackId);
  const forward = useAppMutation({
    mutationFn: () => forwardMessages({ messageIds, chatIds: [...chosen], mode, trackId }),
    invalidates: [chatsKey],
    success: 'chat.done.forwarded',
    onSuccess: onDone,
  });
  return (
    <AppDialog title={t('chat.forward.title', { count: messageIds.length })} onClose={onClose} className="hearth-chat-dialog">
      <div className={Classes.DIALOG_BODY}>
        {messageIds.length > 1 ? (
          <RadioGroup label={t('chat.forward.how')} selectedValue={mode} onChange={(e) => setMode(e.currentTarget.value as MessageKind)}>
            <Radio value={MessageForwardEach} label={t('chat.forward.each')} />
            <Radio value={MessageForwardMerge} label={t('chat.forward.merge')} />
          </RadioGroup>
        ) : null}
        <p className="hearth-chat-meta">{t('chat.forward.toMax', { max: ChatForwardToMax })}</p>
        <ul className="hearth-chat-contacts" aria-label={t('chat.forward.to')}>
          {chats
            .filter((c) => c.kind !== ChatSystem)
            .map((c) => (
              <li key={c.id}>
                <Checkbox checked={chosen.has(c.id)} disabled={!chosen.has(c.id) && chosen.size >= ChatForwardToMax} onChange={() => toggle(c.id)} label={c.name} />
              </li>
            ))}
        </ul>
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button intent="primary" disabled={chosen.size === 0} loading={forward.isPending} onClick={() => forward.mutate()}>
            {t('chat.action.forward')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
