// The phone's offline line (issue 34): "Offline — saved on this phone at 14:05", with the date when that was
// not today, in the phone's own clock (it is about what this phone kept, not the facility's day), written the
// way the rest of the app writes a time in the reader's language (formatTimeOfDay: "2:05 PM" in en-US).
import { formatTimeOfDay } from '@/lib/time/timeOfDay';

export type PhoneOfflineText = { key: 'app.offline.phoneSince'; time: string } | { key: 'app.offline.phoneSinceDate'; date: string; time: string };

function clock(d: Date, language: string): string {
  return formatTimeOfDay(`${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`, language);
}

/** What the line says, or null while what is on screen came from the server. */
export function phoneOfflineText(savedAt: number | null, now: number, language: string): PhoneOfflineText | null {
  if (savedAt === null || !Number.isFinite(savedAt) || savedAt <= 0) return null;
  const then = new Date(savedAt);
  const today = new Date(now);
  const sameDay = then.getFullYear() === today.getFullYear() && then.getMonth() === today.getMonth() && then.getDate() === today.getDate();
  if (sameDay) return { key: 'app.offline.phoneSince', time: clock(then, language) };
  return { key: 'app.offline.phoneSinceDate', date: then.toLocaleDateString(language), time: clock(then, language) };
}
