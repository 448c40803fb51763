import { useQuery } from '@tanstack/react-query';
import type { CardsAcrossHomes, DashboardCard } from '@/types/api.gen';
import { api } from '@/lib/api/client';

export const dashboardCardsKey = ['system', 'dashboard', 'cards'] as const;

/** GET /api/system/dashboard/listCards: the cards the features registered for the caller's role and plan. */
export function listDashboardCards(): Promise<DashboardCard[]> {
  return api.get<DashboardCard[]>('/system/dashboard/listCards');
}

/** The dashboard's cards; refreshed every minute while the page is open (figures change as others work). */
export function useDashboardCards() {
  return useQuery({ queryKey: dashboardCardsKey, queryFn: listDashboardCards, refetchInterval: 60_000 });
}

export const cardsAcrossHomesKey = ['system', 'dashboard', 'cardsAcrossHomes'] as const;

/** GET /api/system/dashboard/listCardsAcrossHomes: an owner's cards in each of their homes. */
export function listCardsAcrossHomes(): Promise<CardsAcrossHomes> {
  return api.get<CardsAcrossHomes>('/system/dashboard/listCardsAcrossHomes');
}

/** The owner's homes' cards, asked only while the across-homes view is open; refreshed like the dashboard. */
export function useCardsAcrossHomes(enabled: boolean) {
  return useQuery({ queryKey: cardsAcrossHomesKey, queryFn: listCardsAcrossHomes, enabled, refetchInterval: 60_000 });
}
