/** The day heading of the chat (spec section 9): Hoje, Ontem, else DD/MM/YYYY, in the tenant's time zone. */
export function dayKey(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(date),
  );
}

export function dayLabel(
  date: Date | string,
  o: { timeZone: string; now?: Date; today: string; yesterday: string },
): string {
  const now = o.now ?? new Date();
  const key = dayKey(date, o.timeZone);
  if (key === dayKey(now, o.timeZone)) return o.today;
  if (key === dayKey(new Date(now.getTime() - 86_400_000), o.timeZone)) return o.yesterday;
  const [y, m, d] = key.split('-');
  return `${d}/${m}/${y}`;
}

export function timeOf(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(date),
  );
}
