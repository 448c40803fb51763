// Keeps what the phone shows offline fresh (issue 34): while online and signed in, today's /emars day and
// today's tasks that this person opened on this phone are asked again every few minutes, so a pass charted
// on another phone at 08:55 is in what this phone shows at 09:10 in a dead spot. The client keeps each answer
// (lib/phone/keptReads.ts); failures say nothing (quiet), the next round tries again.
import { request } from '@/lib/api/client';
import { keptAsks, keptReadsEnabled, personKey } from '@/lib/phone/keptReads';
import { currentSession } from '@/lib/session/store';

/** How often the kept day and tasks are asked again while online. */
export const KEPT_REFRESH_MS = 5 * 60_000;
/** The reads asked again (the others are refreshed when their page is opened). */
export const REFRESHED_PATHS = ['/care/medication/listMedicationLog', '/care/taskInfo/listTodayTask'] as const;

/** One round: asks again what the signed-in person kept of REFRESHED_PATHS. Answers how many were asked. */
export async function refreshKeptReads(online = navigator.onLine): Promise<number> {
  if (!online || !keptReadsEnabled()) return 0;
  const info = currentSession()?.userInfo;
  const who = personKey(info?.userId, info?.tenantId);
  if (who === undefined) return 0;
  const asks = await keptAsks(who, REFRESHED_PATHS).catch(() => []);
  for (const ask of asks) {
    await request(ask.path, { method: ask.method, query: ask.query as Record<string, string> | undefined, body: ask.body, quiet: true }).catch(
      () => undefined,
    );
  }
  return asks.length;
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Starts the rounds (main.tsx, with keeping on). */
export function startKeptRefresh(): void {
  timer ??= setInterval(() => void refreshKeptReads(), KEPT_REFRESH_MS);
}
