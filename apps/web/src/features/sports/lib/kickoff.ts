/**
 * A kick-off as a list row shows it, short enough to sit beside the competition on a phone: "Hoje, 21:43",
 * "Amanhã, 00:18" or "29/11, 16:00" in Portuguese; "Today, 9:43 PM", "Tomorrow, ..." or "Nov 29, 4:00 PM" in
 * English. Days are the tenant's time zone's days.
 */
export function formatKickoff(
  startsAt: string | number | Date,
  locale: 'pt' | 'en',
  timeZone: string,
  now: number = Date.now(),
): string {
  const tag = locale === 'en' ? 'en-US' : 'pt-BR';
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const d = new Date(startsAt);
  const time = new Intl.DateTimeFormat(tag, {
    timeZone,
    hour: locale === 'en' ? 'numeric' : '2-digit',
    minute: '2-digit',
  }).format(d);
  const key = day.format(d);
  if (key === day.format(now)) return `${locale === 'en' ? 'Today' : 'Hoje'}, ${time}`;
  if (key === day.format(now + 86_400_000)) return `${locale === 'en' ? 'Tomorrow' : 'Amanhã'}, ${time}`;
  const date =
    locale === 'en'
      ? new Intl.DateTimeFormat(tag, { timeZone, month: 'short', day: 'numeric' }).format(d)
      : new Intl.DateTimeFormat(tag, { timeZone, day: '2-digit', month: '2-digit' }).format(d);
  return `${date}, ${time}`;
}
