import { useEffect } from 'react';
import type { MenuItem } from '@/types/api.gen';
import { hasBindings } from '@/features/desktop/bridge';
import { isDesktopShell, useDesktopStore } from '@/features/desktop/shell';
import { startChatConnection, stopChatConnection } from '@/features/chat/socket/connection';
import { toast } from '@/lib/feedback/toast';
import { i18n } from '@/lib/i18n';
import { endSession, useSessionStore } from '@/lib/session/store';
import { menuPaths } from '../routing';

/** The chat's page; a menu without it (the free plan, the super admin) means no chat connection (spec 000 §6). */
export const MESSAGE_PATH = '/message';

/** A short name of this device for the server's list of a user's sockets. */
function deviceName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  return `${browser} (${navigator.platform || 'web'})`.slice(0, 64);
}

/**
 * Keeps the chat's websocket for the signed-in user of the facility they work in (the sidebar badge and
 * messages in real time on every page); stopped at sign-out. A knock-out for a disabled user or one signed
 * out everywhere ends this session too; a plan without chat only stops the socket (the page says why).
 */
export function ChatLink({ menu }: { menu: MenuItem[] }) {
  const uid = useSessionStore((s) => s.session?.userId);
  const tenant = useSessionStore((s) => s.session?.userInfo.tenantId);
  const hasChat = menuPaths(menu).has(MESSAGE_PATH);
  useEffect(() => {
    if (!uid || !hasChat) return undefined;
    startChatConnection({
      uid,
      channel: () => (isDesktopShell() ? 'desktop' : 'web'),
      deviceName: deviceName(),
      cloudUrl: () => (hasBindings() ? useDesktopStore.getState().status?.cloudUrl || undefined : undefined),
      onKnockOut: (event) => {
        if (event.reason === 'PLAN') return;
        toast.warning(i18n.t('api.feedback.loginExpired'));
        endSession();
      },
    });
    return () => stopChatConnection();
  }, [uid, tenant, hasChat]);
  return null;
}
