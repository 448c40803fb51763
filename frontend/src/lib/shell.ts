import { useOutletContext } from 'react-router';
import type { MenuItem, UserInfo } from '@/types/api.gen';

/** What the signed-in layout hands to every page: the menu as the server sent it and the user's info. */
export interface ShellContext {
  menu: MenuItem[];
  userInfo: UserInfo | undefined;
}

export function useShell(): ShellContext {
  return useOutletContext<ShellContext>();
}
