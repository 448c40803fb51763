/** A moment (epoch ms) as a date and time in the reader's language and the browser's time zone. */
export function formatMoment(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}
