import { Button, Classes, Tag } from '@blueprintjs/core';
import { ChatIcon, NotificationsIcon, OfficeIcon, PeopleIcon, PlusIcon, UserIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { Chat, ChatKind } from '@/types/api.gen';
import { ChatDirect, ChatFacility, ChatGroup, ChatSystem } from '@/types/api.gen';
import { formatRecent } from '@/lib/time/dateTime';
import { useFacilityViewer } from '@/lib/session/viewer';
import { isKeyMessage } from '../messageRules';
import { useMessageText } from '../useMessageText';

const BADGE_MAX = 99;

function KindIcon({ kind }: { kind: ChatKind }) {
  if (kind === ChatFacility) return <OfficeIcon />;
  if (kind === ChatSystem) return <NotificationsIcon />;
  if (kind === ChatGroup) return <PeopleIcon />;
  if (kind === ChatDirect) return <UserIcon />;
  return <ChatIcon />;
}

/** The chats, latest activity first: name, last message, its time (today: the hour; before: the date) and unread count. */
export function ChatList({
  chats,
  selectedId,
  uid,
  now,
  onOpen,
  onNew,
}: {
  chats: Chat[];
  selectedId: string | undefined;
  uid: string | undefined;
  now: number;
  onOpen: (chatId: string) => void;
  onNew: () => void;
}) {
  const { t, i18n } = useTranslation();
  const viewer = useFacilityViewer();
  const { preview } = useMessageText();
  const when = (ms: number) => formatRecent(ms, now, viewer.zoneCode, i18n.language);
  return (
    <nav className="hearth-chat-list" aria-label={t('chat.list.title')}>
      <div className="hearth-chat-list-head">
        <h2>{t('chat.list.title')}</h2>
        <Button icon={<PlusIcon />} onClick={onNew} data-testid="chat-new">
          {t('chat.new.button')}
        </Button>
      </div>
      {chats.length === 0 ? <p className={Classes.TEXT_MUTED}>{t('chat.list.empty')}</p> : null}
      <ul>
        {chats.map((c) => {
          const last = c.lastMessage;
          const lastText = last ? preview(last) : '';
          const who = last && c.kind !== ChatDirect && c.kind !== ChatSystem && last.senderName && !last.recalled && last.sender && !isKeyMessage(last) ? (last.sender === uid ? t('chat.list.you') : last.senderName) : '';
          const unread = c.unreadMessageCount;
          return (
            <li key={c.id}>
              <button
                type="button"
                className={`hearth-chat-item${c.id === selectedId ? ' hearth-chat-item-active' : ''}`}
                aria-current={c.id === selectedId ? 'true' : undefined}
                onClick={() => onOpen(c.id)}
                data-testid="chat-item"
                data-chat-kind={c.kind}
              >
                <span className="hearth-chat-item-icon" aria-hidden="true">
                  <KindIcon kind={c.kind} />
                </span>
                <span className="hearth-chat-item-main">
                  <span className="hearth-chat-item-top">
                    <span className="hearth-chat-item-name">{c.kind === ChatSystem && !c.name ? t('chat.list.systemName') : c.name}</span>
                    <span className="hearth-chat-meta">{when(c.lastMessageTime)}</span>
                  </span>
                  <span className="hearth-chat-item-bottom">
                    <span className="hearth-chat-item-preview">{who ? `${who}: ${lastText}` : lastText}</span>
                    {unread > 0 ? (
                      <Tag round intent="danger" className="hearth-chat-unread" aria-label={t('chat.list.unread', { count: unread })} data-testid="chat-item-unread">
                        {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
                      </Tag>
                    ) : null}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
