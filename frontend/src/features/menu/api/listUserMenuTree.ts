import { useQuery } from '@tanstack/react-query';
import type { MenuItem } from '@/types/api.gen';
import { api } from '@/lib/api/client';

export const userMenuKey = ['system', 'menu', 'tree'] as const;

/** GET /api/system/menu/listUserMenuTree: the signed-in user's menu; menuName is an i18n key. */
export function listUserMenuTree(): Promise<MenuItem[]> {
  // Failures are reported by the "Failed to retrieve the menu" dialog, not by a toast.
  return api.get<MenuItem[] | null>('/system/menu/listUserMenuTree', { handles: 'all' }).then((m) => m ?? []);
}

export function useUserMenu(enabled: boolean) {
  return useQuery({ queryKey: userMenuKey, queryFn: listUserMenuTree, enabled, staleTime: Infinity, retry: false });
}
