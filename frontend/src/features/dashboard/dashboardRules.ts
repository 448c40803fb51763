import type { DashboardCard, DashboardItem } from '@/types/api.gen';

/** The message key of a card's title, a card's action link and a line (the catalogue's `dashboard` namespace). */
export const cardTitleKey = (card: Pick<DashboardCard, 'key'>) => `dashboard.card.${card.key}.title`;
export const cardActionKey = (card: Pick<DashboardCard, 'key'>) => `dashboard.card.${card.key}.action`;
export const itemKey = (item: Pick<DashboardItem, 'key'>) => `dashboard.item.${item.key}`;

/**
 * The cards and lines this UI can name: a card or line the server sends before the UI has its words (a newer
 * server) is left out rather than shown as a raw key.
 */
export function knownCards(cards: readonly DashboardCard[], known: (key: string) => boolean): DashboardCard[] {
  return cards
    .filter((c) => known(cardTitleKey(c)))
    .map((c) => ({ ...c, items: c.items.filter((it) => known(itemKey(it))) }));
}

/** Minutes as whole hours and minutes (a week's 450 minutes = 7 h 30 min). */
export function hoursAndMinutes(total: number): { h: number; m: number } {
  const minutes = Math.max(0, Math.round(total));
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

/** The line's tone as a Blueprint intent class suffix. */
export function toneClass(tone: DashboardItem['tone']): string {
  switch (tone) {
    case 'DANGER':
      return 'hearth-dash-danger';
    case 'WARNING':
      return 'hearth-dash-warning';
    default:
      return '';
  }
}

/** Where a line leads: its own page, else its card's; none when neither has one. */
export function lineLink(card: Pick<DashboardCard, 'link'>, item: Pick<DashboardItem, 'link'>): string | undefined {
  return item.link || card.link || undefined;
}

/**
 * The cards in the order a person works (issue 29 "The caregiver's dashboard"): her clock status, her next
 * shift, then what is due now (today's tasks, the med passes), then the rest in the server's order.
 */
const LEAD_CARDS = ['myStatus', 'myShift', 'todayTasks', 'medPasses'];

export function orderCards<T extends Pick<DashboardCard, 'key'>>(cards: readonly T[]): T[] {
  const rank = (c: T) => (LEAD_CARDS.includes(c.key) ? LEAD_CARDS.indexOf(c.key) : LEAD_CARDS.length);
  return [...cards].sort((a, b) => rank(a) - rank(b));
}
