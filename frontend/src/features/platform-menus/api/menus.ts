import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export type { MenuEditorData, MenuRow } from '@/types/api.gen';
import type { MenuEditorData, MenuRow } from '@/types/api.gen';

export const MENU_ROLES = ['SUPER_ADMIN', 'FACILITY_OWNER', 'FACILITY_OWNER_REGISTER', 'FACILITY_ADMIN', 'CAREGIVER_STAFF'] as const;

/** Every menu query: the editor's and (in the menu feature) the signed-in user's tree, refetched after an edit. */
export const menuKey = ['system', 'menu'] as const;
export const menuEditorKey = [...menuKey, 'editor'] as const;

/** GET /api/system/menu/listAll (super admin): every entry, and the pages and names the app has. */
export function useMenuEditor() {
  return useQuery({
    queryKey: menuEditorKey,
    queryFn: () => api.get<MenuEditorData>('/system/menu/listAll'),
  });
}

/** POST /api/system/menu/add or update; a URL the app has no page for is refused (4022) with its reason. */
export function saveMenu(row: MenuRow, adding: boolean): Promise<MenuRow> {
  return api.post<MenuRow>(adding ? '/system/menu/add' : '/system/menu/update', row);
}

/** POST /api/system/menu/delete. */
export function deleteMenu(code: string): Promise<void> {
  return api.post<void>('/system/menu/delete', { code });
}
