import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Callout, Menu, MenuDivider, MenuItem, PopoverNext, Spinner, Switch } from '@blueprintjs/core';
import { ArrowLeftIcon, CogIcon, CrossIcon, ShareIcon, TrashIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Chat, Message, MessagePage } from '@/types/api.gen';
import { ChatDirect, ChatFacility, ChatForwardMax, ChatGroup, ChatPageMax, ChatSystem, SendingFailed, SendingPending } from '@/types/api.gen';
import { toast } from '@/lib/feedback/toast';
import { useAppMutation } from '@/lib/api/mutation';
import { i18n } from '@/lib/i18n';
import { formatDate } from '@/lib/time/dateTime';
import { useNow } from '@/lib/time/useNow';
import { useFacilityViewer } from '@/lib/session/viewer';
import { leaveChat, readAll, setAutoTranslate, useImDashboard } from '../api/chats';
import { chatsKey, messagesKey } from '../api/keys';
import { deleteMessages, pageMessages, recallMessage, useMessages } from '../api/messages';
import { applyRecall, canForward, canSelectMore, dayStarts, isHidden, isOwn, prependPage } from '../messageRules';
import { discardChatMessage, noteChatRead, retryChatMessage, useChatConnection } from '../socket/connection';
import type { Outgoing } from '../socket/outbox';
import { Composer } from './Composer';
import { ForwardDialog, MembersDialog, RenameDialog } from './dialogs';
import { MessageItem, type MessageActions } from './MessageItem';

type Dialog = { kind: 'rename' } | { kind: 'members' } | { kind: 'leave' } | { kind: 'forward'; ids: string[] } | { kind: 'delete'; ids: string[] };

/** An outbox item drawn as a message of the reader's, until the server stores it. */
function asMessage(o: Outgoing, uid: string | undefined, name: string): Message {
  return {
    id: `local-${o.request.trackId}`,
    trackId: o.request.trackId,
    chatId: o.request.chatId,
    seq: Number.MAX_SAFE_INTEGER,
    messageType: o.request.messageType,
    content: o.request.content,
    format: 'PLAIN',
    extra: o.request.extra,
    sender: uid ?? '',
    senderName: name,
    timestamp: o.createdAt,
    sendingState: o.state === 'failed' ? SendingFailed : SendingPending,
    referMessageId: o.request.referMessageId,
    referMessageContent: o.referContent,
    recalled: false,
  };
}

/**
 * One chat: its header (back on a phone, name, members, the auto-translate switch and the group's
 * settings), the messages with older ones on request, multi-select to forward or delete, and the composer
 * (none in Hearth's own chat, which is read-only).
 */
export function Conversation({ chat, chats, uid, myName, narrow, onBack }: { chat: Chat; chats: Chat[]; uid: string | undefined; myName: string; narrow: boolean; onBack: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const now = useNow(15_000);
  // The recall window in force (the run-time parameter chat.recallSeconds), read with the unread count.
  const recallSeconds = useImDashboard(true).data?.recallSeconds;
  const messages = useMessages(chat.id);
  const outgoing = useChatConnection((s) => s.outgoing);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const records = useMemo(() => messages.data?.records ?? [], [messages.data]);
  const viewer = useFacilityViewer();
  const shown = useMemo(() => records.filter((m) => !isHidden(m)), [records]);
  const newDay = useMemo(() => dayStarts(shown, viewer.zone), [shown, viewer.zone]);
  const stored = new Set(records.map((r) => r.trackId));
  const mine = outgoing.filter((o) => o.request.chatId === chat.id && !stored.has(o.request.trackId));
  const lastSeq = records.length ? records[records.length - 1].seq : 0;
  const readOnly = chat.kind === ChatSystem;
  const others = chat.members.filter((m) => m.userId !== uid);

  // Open means read: mark it read when it opens and when new messages arrive while it is open.
  useEffect(() => {
    if (!messages.data) return;
    const unread = qc.getQueryData<Chat[]>(chatsKey)?.find((c) => c.id === chat.id)?.unreadMessageCount ?? 0;
    if (unread > 0) {
      noteChatRead(unread);
      qc.setQueryData<Chat[]>(chatsKey, (list) => list?.map((c) => (c.id === chat.id ? { ...c, unreadMessageCount: 0 } : c)));
    }
    void readAll(chat.id).catch(() => undefined);
  }, [chat.id, lastSeq, messages.data, qc]);

  // Keep the newest message in view when one arrives or is written.
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastSeq, mine.length, chat.id]);

  const loadOlder = async () => {
    const first = records[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const older = await pageMessages({ chatId: chat.id, before: first.seq, size: ChatPageMax });
      qc.setQueryData<MessagePage>(messagesKey(chat.id), (page) => (page ? { records: prependPage(page.records, older.records), hasMore: older.hasMore } : page));
    } catch {
      // said by the client
    } finally {
      setLoadingOlder(false);
    }
  };

  const recall = useAppMutation({
    mutationFn: (m: Message) => recallMessage(m.id),
    success: 'chat.done.recalled',
    onSuccess: (_d, m) =>
      qc.setQueryData<MessagePage>(messagesKey(chat.id), (page) => (page ? { ...page, records: applyRecall(page.records, m.id) } : page)),
  });
  const remove = useAppMutation({
    mutationFn: (ids: string[]) => deleteMessages({ messageIds: ids }),
    success: 'chat.done.deleted',
    invalidates: [chatsKey],
    onSuccess: (_d, ids) => {
      qc.setQueryData<MessagePage>(messagesKey(chat.id), (page) => (page ? { ...page, records: page.records.filter((r) => !ids.includes(r.id)) } : page));
      setDialog(null);
      setSelecting(false);
      setSelected([]);
    },
  });
  const leave = useAppMutation({
    mutationFn: () => leaveChat(chat.id),
    success: 'chat.done.left',
    invalidates: [chatsKey],
    onSuccess: onBack,
  });
  const translateSwitch = useAppMutation({
    mutationFn: (on: boolean) => setAutoTranslate({ chatId: chat.id, on }),
    onSuccess: (_d, on) => {
      qc.setQueryData<Chat[]>(chatsKey, (list) => list?.map((c) => (c.id === chat.id ? { ...c, autoTranslate: on } : c)));
      // Switched on, the server translates the page's texts in other languages as it answers.
      if (on) void qc.invalidateQueries({ queryKey: messagesKey(chat.id) });
    },
  });

  const toggleSelect = (m: Message) => {
    setSelecting(true);
    setSelected((prev) => {
      if (prev.includes(m.id)) return prev.filter((id) => id !== m.id);
      if (!canSelectMore(prev.length, ChatForwardMax)) {
        toast.warning(i18n.t('chat.select.max', { max: ChatForwardMax }));
        return prev;
      }
      return [...prev, m.id];
    });
  };

  const actions: MessageActions = {
    reply: setReplyTo,
    forward: (m) => setDialog({ kind: 'forward', ids: [m.id] }),
    select: toggleSelect,
    recall: (m) => recall.mutate(m),
    remove: (m) => setDialog({ kind: 'delete', ids: [m.id] }),
    retry: retryChatMessage,
    discard: discardChatMessage,
  };

  const chosen = records.filter((r) => selected.includes(r.id));
  const forwardable = chosen.length > 0 && chosen.every(canForward);
  const showSender = chat.kind === ChatGroup || chat.kind === ChatFacility;
  const otherRead = (m: Message) => others.length > 0 && others.some((o) => o.readSeq >= m.seq);

  return (
    <section className="hearth-chat-conversation" aria-label={chat.name} data-testid="chat-conversation">
      <header className="hearth-chat-header">
        {narrow ? <Button variant="minimal" icon={<ArrowLeftIcon />} aria-label={t('chat.page.back')} onClick={onBack} data-testid="chat-back" /> : null}
        <div className="hearth-chat-title">
          {/* On a phone the conversation is the whole page, its header hidden: the chat's name is the page's heading. */}
          {narrow ? <h1>{chat.name}</h1> : <h2>{chat.name}</h2>}
          {chat.kind === ChatGroup || chat.kind === ChatFacility ? (
            <span className="hearth-chat-meta">{t('chat.manage.memberCount', { count: chat.members.length })}</span>
          ) : null}
        </div>
        {readOnly ? null : (
          <Switch
            className="hearth-chat-autotranslate"
            checked={chat.autoTranslate}
            disabled={translateSwitch.isPending}
            onChange={(e) => translateSwitch.mutate(e.currentTarget.checked)}
            label={t('chat.translate.auto')}
            data-testid="chat-autotranslate"
          />
        )}
        {chat.kind === ChatGroup || chat.kind === ChatDirect ? (
          <PopoverNext
            placement="bottom-end"
            content={
              <Menu>
                {chat.kind === ChatGroup ? (
                  <>
                    <MenuItem text={t('chat.manage.rename')} onClick={() => setDialog({ kind: 'rename' })} />
                    <MenuItem text={t('chat.manage.membersAction')} onClick={() => setDialog({ kind: 'members' })} />
                    <MenuDivider />
                  </>
                ) : null}
                <MenuItem intent="danger" text={t('chat.manage.leave')} onClick={() => setDialog({ kind: 'leave' })} />
              </Menu>
            }
          >
            <Button variant="minimal" icon={<CogIcon />} aria-label={t('chat.manage.settings')} data-testid="chat-settings" />
          </PopoverNext>
        ) : null}
      </header>
      {selecting ? (
        <div className="hearth-chat-selectbar" role="toolbar" aria-label={t('chat.select.toolbar')}>
          <span>{t('chat.select.count', { count: selected.length, max: ChatForwardMax })}</span>
          <Button icon={<ShareIcon />} disabled={!forwardable} onClick={() => setDialog({ kind: 'forward', ids: selected })}>
            {t('chat.action.forward')}
          </Button>
          <Button icon={<TrashIcon />} intent="danger" disabled={selected.length === 0} onClick={() => setDialog({ kind: 'delete', ids: selected })}>
            {t('chat.action.deleteForMe')}
          </Button>
          <Button
            variant="minimal"
            icon={<CrossIcon />}
            aria-label={t('chat.select.cancel')}
            onClick={() => {
              setSelecting(false);
              setSelected([]);
            }}
          />
        </div>
      ) : null}
      <ol className="hearth-chat-messages" ref={listRef} aria-label={t('chat.page.messages')} tabIndex={0}>
        {messages.data?.hasMore ? (
          <li className="hearth-chat-note">
            <Button size="small" loading={loadingOlder} onClick={() => void loadOlder()}>
              {t('chat.page.older')}
            </Button>
          </li>
        ) : null}
        {messages.isLoading ? (
          <li className="hearth-chat-note">
            <Spinner size={24} />
          </li>
        ) : null}
        {messages.isError ? (
          <li>
            <Callout intent="warning" compact>
              {t('common.load.failed')}{' '}
              <Button size="small" onClick={() => void messages.refetch()}>
                {t('common.action.retry')}
              </Button>
            </Callout>
          </li>
        ) : null}
        {messages.data && records.length === 0 && mine.length === 0 ? <li className="hearth-chat-note">{t('chat.page.empty')}</li> : null}
        {shown.map((m) => (
          <Fragment key={m.id}>
            {newDay.has(m.id) ? (
              <li className="hearth-chat-day">
                <span>{formatDate(m.timestamp, viewer.zoneCode, i18n.language)}</span>
              </li>
            ) : null}
            <MessageItem
              message={m}
              uid={uid}
              now={now}
              recallSeconds={recallSeconds}
              showSender={showSender}
              autoTranslate={chat.autoTranslate}
              selecting={selecting}
              selected={selected.includes(m.id)}
              readByOthers={isOwn(m, uid) && otherRead(m)}
              actions={actions}
            />
          </Fragment>
        ))}
        {mine.map((o) => (
          <MessageItem
            key={o.request.trackId}
            message={asMessage(o, uid, myName)}
            uid={uid}
            now={now}
            recallSeconds={recallSeconds}
            showSender={false}
            autoTranslate={false}
            outgoing={o.state}
            localPreview={o.preview}
            selecting={selecting}
            selected={false}
            readByOthers={false}
            actions={actions}
          />
        ))}
      </ol>
      {readOnly ? (
        <p className="hearth-chat-readonly">{t('chat.page.systemReadOnly')}</p>
      ) : (
        <Composer chatId={chat.id} replyTo={replyTo} onReplyDone={() => setReplyTo(null)} />
      )}
      {dialog?.kind === 'rename' ? <RenameDialog chat={chat} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'members' ? <MembersDialog chat={chat} me={uid} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'forward' ? (
        <ForwardDialog
          chats={chats}
          messageIds={dialog.ids}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            setSelecting(false);
            setSelected([]);
          }}
        />
      ) : null}
      <Alert
        isOpen={dialog?.kind === 'leave'}
        intent="danger"
        confirmButtonText={t('chat.manage.leave')}
        cancelButtonText={t('common.action.cancel')}
        loading={leave.isPending}
        onConfirm={() => leave.mutate()}
        onCancel={() => setDialog(null)}
      >
        <p>{t('chat.manage.leaveConfirm', { name: chat.name })}</p>
      </Alert>
      <Alert
        isOpen={dialog?.kind === 'delete'}
        intent="danger"
        confirmButtonText={t('chat.action.deleteForMe')}
        cancelButtonText={t('common.action.cancel')}
        loading={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.ids)}
        onCancel={() => setDialog(null)}
      >
        <p>{t('chat.select.deleteConfirm', { count: dialog?.kind === 'delete' ? dialog.ids.length : 0 })}</p>
      </Alert>
    </section>
  );
}
