import { useState } from 'react';
import { Button, Checkbox, Classes, Menu, MenuItem, PopoverNext, Spinner } from '@blueprintjs/core';
import { ErrorIcon, MoreIcon, TimeIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Message } from '@/types/api.gen';
import {
  MessageAudio,
  MessageFile,
  MessageForwardEach,
  MessageForwardMerge,
  MessageImage,
  MessageVideo,
  SendingFailed,
  SendingPending,
} from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { formatTime } from '@/lib/time/dateTime';
import { useFacilityViewer } from '@/lib/session/viewer';
import { translateMessage, translationFailure } from '../api/messages';
import { translationKey } from '../api/keys';
import { canForward, canRecall, fileDetails, forwardedOf, inOtherLanguage, isKeyMessage, isOwn, translatable } from '../messageRules';
import type { OutgoingState } from '../socket/outbox';
import { useMessageText } from '../useMessageText';
import { ChatAudio, ChatFile, ChatImage } from './media';

export interface MessageActions {
  reply: (m: Message) => void;
  forward: (m: Message) => void;
  select: (m: Message) => void;
  recall: (m: Message) => void;
  remove: (m: Message) => void;
  retry: (trackId: string) => void;
  discard: (trackId: string) => void;
}

/** The translation below a message in another language: the cached one, asked for, or fetched for the chat's switch. */
function Translation({ message, asked, auto }: { message: Message; asked: boolean; auto: boolean }) {
  const { t, i18n } = useTranslation();
  const want = asked || (auto && inOtherLanguage(message, i18n.language));
  const q = useQuery({
    queryKey: [...translationKey(message.id), i18n.language],
    queryFn: () => translateMessage(message.id),
    enabled: want && !message.translation && translatable(message),
    retry: false,
    staleTime: Infinity,
  });
  const text = message.translation || q.data?.translation;
  // Written in the reader's language already: the server answers the text itself.
  if (text && text.trim() === message.content.trim()) {
    return asked ? <div className="hearth-chat-translation hearth-chat-meta">{t('chat.translate.same')}</div> : null;
  }
  if (text) {
    return (
      <div className="hearth-chat-translation" data-testid="chat-translation">
        <span className="hearth-chat-translation-label">{t('chat.translate.label')}</span>
        <span lang={i18n.language}>{text}</span>
      </div>
    );
  }
  if (!want) return null;
  if (q.isError) {
    return (
      <div className="hearth-chat-translation hearth-chat-meta" data-testid="chat-translation-missing">
        {translationFailure(q.error) === 'noProvider' ? t('chat.translate.noProvider') : t('chat.translate.failed')}
      </div>
    );
  }
  return q.isFetching ? (
    <div className="hearth-chat-translation hearth-chat-meta">
      <Spinner size={12} /> {t('chat.translate.working')}
    </div>
  ) : null;
}

/** A FORWARD_MERGE message: the chat history card, opened in a dialog. */
function MergedHistory({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { preview } = useMessageText();
  const [open, setOpen] = useState(false);
  const items = forwardedOf(message);
  return (
    <>
      <button type="button" className="hearth-chat-merged" onClick={() => setOpen(true)}>
        <strong>{t('chat.forward.historyTitle')}</strong>
        {items.slice(0, 3).map((f, i) => (
          <span key={i} className="hearth-chat-merged-line">
            {f.senderName}: {preview({ ...f, format: 'PLAIN', recalled: false })}
          </span>
        ))}
        <span className="hearth-chat-meta">{t('chat.forward.count', { count: items.length })}</span>
      </button>
      {open ? (
        <AppDialog title={t('chat.forward.historyTitle')} onClose={() => setOpen(false)}>
          <div className={Classes.DIALOG_BODY}>
            <ul className="hearth-chat-merged-list">
              {items.map((f, i) => (
                <li key={i}>
                  <strong>{f.senderName}</strong> {preview({ ...f, format: 'PLAIN', recalled: false })}
                </li>
              ))}
            </ul>
          </div>
        </AppDialog>
      ) : null}
    </>
  );
}

function Body({ message, localPreview }: { message: Message; localPreview?: string }) {
  const { t } = useTranslation();
  const details = fileDetails(message);
  switch (message.messageType) {
    case MessageImage:
      return <ChatImage fileName={message.content} details={details} localPreview={localPreview} />;
    case MessageAudio:
      return <ChatAudio fileName={message.content} details={details} localPreview={localPreview} />;
    case MessageFile:
    case MessageVideo:
      return <ChatFile fileName={message.content} details={details} />;
    case MessageForwardMerge:
      return <MergedHistory message={message} />;
    case MessageForwardEach: {
      const [inner] = forwardedOf(message);
      return (
        <>
          <span className="hearth-chat-meta">{t('chat.preview.forwarded')}</span>
          <span className="hearth-chat-text">{inner ? inner.content : message.content}</span>
        </>
      );
    }
    default:
      return <span className="hearth-chat-text">{message.content}</span>;
  }
}

/**
 * One message: Hearth's notes centred in the reader's language; people's messages as bubbles (the reader's
 * own on the right) with the quote they reply to, the translation below when there is one, the sending
 * state of the reader's own (waiting to send, sending, failed with Retry), and the actions menu.
 */
export function MessageItem({
  message,
  uid,
  now,
  recallSeconds,
  showSender,
  autoTranslate,
  outgoing,
  localPreview,
  selecting,
  selected,
  readByOthers,
  actions,
}: {
  message: Message;
  uid: string | undefined;
  now: number;
  /** The recall window in force (GET /api/im/dashboard/); the shared default until it is read. */
  recallSeconds?: number;
  showSender: boolean;
  autoTranslate: boolean;
  /** For a message not yet stored: where it is in the outbox. */
  outgoing?: OutgoingState;
  localPreview?: string;
  selecting: boolean;
  selected: boolean;
  readByOthers: boolean;
  actions: MessageActions;
}) {
  const { t, i18n } = useTranslation();
  const viewer = useFacilityViewer();
  const { keyText } = useMessageText();
  const [asked, setAsked] = useState(false);
  const own = isOwn(message, uid);
  const time = formatTime(message.timestamp, viewer.zoneCode, i18n.language);

  if (isKeyMessage(message)) {
    return (
      <li className="hearth-chat-note" data-testid="chat-note">
        <span>{keyText(message)}</span> <span className="hearth-chat-meta">{time}</span>
      </li>
    );
  }
  if (message.recalled) {
    return (
      <li className="hearth-chat-note" data-testid="chat-recalled">
        {own ? t('chat.message.recalledByYou') : t('chat.message.recalledBy', { name: message.senderName || t('chat.message.someone') })}
      </li>
    );
  }
  const stored = outgoing === undefined;
  const menu = (
    <Menu>
      <MenuItem text={t('chat.action.reply')} onClick={() => actions.reply(message)} />
      {translatable(message) && !own ? <MenuItem text={t('chat.action.translate')} onClick={() => setAsked(true)} /> : null}
      {canForward(message) ? <MenuItem text={t('chat.action.forward')} onClick={() => actions.forward(message)} /> : null}
      <MenuItem text={t('chat.action.select')} onClick={() => actions.select(message)} />
      {canRecall(message, uid, now, recallSeconds) ? <MenuItem text={t('chat.action.recall')} onClick={() => actions.recall(message)} /> : null}
      <MenuItem intent="danger" text={t('chat.action.deleteForMe')} onClick={() => actions.remove(message)} />
    </Menu>
  );
  const state =
    outgoing === 'waiting' ? (
      <span className="hearth-chat-state" data-testid="chat-waiting">
        <TimeIcon size={12} /> {t('chat.state.waiting')}
      </span>
    ) : outgoing === 'sending' || message.sendingState === SendingPending ? (
      <span className="hearth-chat-state">
        <Spinner size={12} /> {t('chat.state.sending')}
      </span>
    ) : outgoing === 'failed' || message.sendingState === SendingFailed ? (
      <span className="hearth-chat-state hearth-chat-failed">
        <ErrorIcon size={12} /> {t('chat.state.failed')}{' '}
        <Button size="small" variant="minimal" onClick={() => actions.retry(message.trackId)}>
          {t('common.action.retry')}
        </Button>
        <Button size="small" variant="minimal" onClick={() => actions.discard(message.trackId)}>
          {t('chat.action.discard')}
        </Button>
      </span>
    ) : own && readByOthers ? (
      <span className="hearth-chat-state">{t('chat.state.read')}</span>
    ) : null;
  return (
    <li className={`hearth-chat-row${own ? ' hearth-chat-own' : ''}`} data-testid="chat-message" data-own={own ? 'true' : 'false'} data-message-id={message.id}>
      {selecting && stored ? (
        <Checkbox
          className="hearth-chat-select"
          checked={selected}
          onChange={() => actions.select(message)}
          aria-label={t('chat.select.one', { name: message.senderName })}
        />
      ) : null}
      <div className="hearth-chat-bubble-wrap">
        {showSender && !own ? <div className="hearth-chat-sender">{message.senderName}</div> : null}
        <div className="hearth-chat-bubble">
          {message.referMessageContent ? <blockquote className="hearth-chat-quote">{message.referMessageContent}</blockquote> : null}
          <Body message={message} localPreview={localPreview} />
          {stored && translatable(message) ? <Translation message={message} asked={asked} auto={autoTranslate} /> : null}
        </div>
        <div className="hearth-chat-footer">
          <span className="hearth-chat-meta">{time}</span>
          {state}
          {stored && !selecting ? (
            <PopoverNext content={menu} placement={own ? 'bottom-end' : 'bottom-start'}>
              <Button size="small" variant="minimal" icon={<MoreIcon />} aria-label={t('chat.action.more')} data-testid="chat-message-menu" />
            </PopoverNext>
          ) : null}
        </div>
      </div>
    </li>
  );
}
