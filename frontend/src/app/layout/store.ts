import { create } from 'zustand';

const COLLAPSED_KEY = 'hearth.sidebarCollapsed';

interface LayoutState {
  sidebarCollapsed: boolean;
  toggleSidebar: () => void;
}

/** Sidebar state, remembered across reloads. */
export const useLayoutStore = create<LayoutState>((set, get) => ({
  sidebarCollapsed: localStorage.getItem(COLLAPSED_KEY) === '1',
  toggleSidebar: () => {
    const next = !get().sidebarCollapsed;
    localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    set({ sidebarCollapsed: next });
  },
}));
