import { useEffect, useRef, useState } from 'react';
import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { ChatIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { useShell } from '@/lib/shell';
import { useSessionStore } from '@/lib/session/store';
import { useNow } from '@/lib/time/useNow';
import { useNarrow } from '@/lib/ui/useNarrow';
import { useChats } from '../api/chats';
import { chatsKey, imKey } from '../api/keys';
import { addMessage, applyFrame } from '../chatEvents';
import { ChatList } from '../components/ChatList';
import { Conversation } from '../components/Conversation';
import { NewChatDialog } from '../components/dialogs';
import { onChatFrame, onMessageSent, useChatConnection } from '../socket/connection';
import '../chat.css';

/** What the banner says while the chat is not online (spec 000 §4 socket states). */
function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useChatConnection((s) => s.state);
  const reason = useChatConnection((s) => s.stopReason);
  const knockOut = useChatConnection((s) => s.knockOut);
  const waiting = useChatConnection((s) => s.outgoing.filter((o) => o.state === 'waiting').length);
  if (state === 'online' || state === 'idle') return null;
  let text: string;
  if (state === 'stopped' && (reason === 'forbidden' || knockOut === 'PLAN')) text = t('chat.offline.plan');
  else if (state === 'stopped' && reason === 'knockout') text = t('chat.offline.knockedOut');
  else if (state === 'stopped' && reason === 'unauthorized') text = t('chat.offline.signIn');
  else if (state === 'stopped') text = t('chat.offline.stopped');
  else if (state === 'connecting') text = t('chat.offline.connecting');
  else text = t('chat.offline.reconnecting');
  return (
    <Callout intent="warning" compact className="hearth-chat-banner" role="status" data-testid="chat-offline">
      {text}
      {waiting > 0 ? ` ${t('chat.offline.waiting', { count: waiting })}` : ''}
    </Callout>
  );
}

/**
 * /message (spec 000 §2, "Chat"): the chat list beside the open chat; on a phone one at a time, with Back.
 * The open chat is in the address (?chat=), so the browser's back button leaves it too.
 */
export default function MessagePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const narrow = useNarrow();
  const now = useNow(60_000);
  const { userInfo } = useShell();
  const uid = useSessionStore((s) => s.session?.userId);
  const myName = useSessionStore((s) => s.session?.userInfo.userName) ?? userInfo?.userName ?? '';
  const [params, setParams] = useSearchParams();
  const chatId = params.get('chat') ?? undefined;
  const chats = useChats();
  const state = useChatConnection((s) => s.state);
  const [newChat, setNewChat] = useState(false);

  useEffect(() => onChatFrame((frame) => applyFrame(qc, frame)), [qc]);
  useEffect(() => onMessageSent((m) => addMessage(qc, m)), [qc]);
  // Back online after a break: what came meanwhile is fetched again.
  const everOnline = useRef(false);
  useEffect(() => {
    if (state !== 'online') return;
    if (everOnline.current) {
      void qc.invalidateQueries({ queryKey: chatsKey });
      void qc.invalidateQueries({ queryKey: [...imKey, 'messages'] });
    }
    everOnline.current = true;
  }, [state, qc]);

  const list = chats.data ?? [];
  const chat = chatId ? list.find((c) => c.id === chatId) : undefined;
  const open = (id: string) => setParams({ chat: id });
  const back = () => setParams({});
  const showList = !narrow || !chatId;
  const showConversation = !narrow || !!chatId;

  return (
    <div className={`hearth-chat-page${narrow ? ' hearth-chat-narrow' : ''}`}>
      {narrow && chatId ? null : <PageHeader title={t('chat.page.title')} />}
      <ConnectionBanner />
      <QueryErrorBanner query={chats} />
      <div className="hearth-chat-body">
        {showList ? (
          chats.isLoading ? (
            <div className="hearth-center">
              <Spinner size={32} />
            </div>
          ) : (
            <ChatList chats={list} selectedId={chatId} uid={uid} now={now} onOpen={open} onNew={() => setNewChat(true)} />
          )
        ) : null}
        {showConversation ? (
          chat ? (
            <Conversation key={chat.id} chat={chat} chats={list} uid={uid} myName={myName} narrow={narrow} onBack={back} />
          ) : (
            <div className="hearth-chat-conversation hearth-chat-none">
              {chatId && chats.data ? (
                <NonIdealState icon={<ChatIcon />} description={t('chat.page.gone')} />
              ) : chatId ? (
                <Spinner size={32} />
              ) : (
                <NonIdealState icon={<ChatIcon />} description={t('chat.page.pick')} />
              )}
            </div>
          )
        ) : null}
      </div>
      {newChat ? (
        <NewChatDialog
          me={uid}
          onClose={() => setNewChat(false)}
          onStarted={(c) => {
            setNewChat(false);
            void qc.invalidateQueries({ queryKey: chatsKey });
            open(c.id);
          }}
        />
      ) : null}
    </div>
  );
}
