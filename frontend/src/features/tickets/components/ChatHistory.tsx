import { useState } from 'react';
import { Button, Collapse } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { ChatEntry } from '@/types/api.gen';
import { ChatAdmin } from '@/types/api.gen';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';

interface ChatHistoryProps {
  chat: readonly ChatEntry[];
  creatorName: string;
  /** The facility's zone code; undefined for the super admin, whose tickets come from every zone (times then name their zone). */
  zone: string | undefined;
}

/** The replies, oldest first, each collapsible; the latest is open (spec 000 §2 "Detail/reply modal"). */
export function ChatHistory({ chat, creatorName, zone }: ChatHistoryProps) {
  const { t } = useTranslation();
  const latest = chat.length - 1;
  // Entries the reader toggled; the latest entry starts open, every other one closed.
  const [toggled, setToggled] = useState<ReadonlySet<number>>(new Set());
  if (chat.length === 0) return <p className="hearth-muted">{t('tickets.detail.noReplies')}</p>;
  const flip = (i: number) =>
    setToggled((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <ol className="hearth-chat" data-testid="chat-history">
      {chat.map((entry, i) => {
        const open = (i === latest) !== toggled.has(i);
        const who = entry.role === ChatAdmin ? t('tickets.detail.support') : creatorName || t('tickets.detail.user');
        return (
          <li key={i} className={`hearth-chat-entry hearth-chat-${entry.role === ChatAdmin ? 'admin' : 'user'}`} data-open={open}>
            <Button
              variant="minimal"
              fill
              alignText="start"
              icon={open ? <ChevronDownIcon /> : <ChevronRightIcon />}
              aria-expanded={open}
              onClick={() => flip(i)}
            >
              <strong>{who}</strong>
              <span className="hearth-muted"> · {formatDateTime(entry.createTime ?? 0, zone, currentLanguage(), { withZone: zone === undefined })}</span>
            </Button>
            <Collapse isOpen={open}>
              <p className="hearth-chat-text" data-testid="chat-text">
                {entry.reply}
              </p>
            </Collapse>
          </li>
        );
      })}
    </ol>
  );
}
