/*
 * The office's day (spec §9, issue 19): every date range the API counts is whole office days in
 * Asia/Baku (the API's APP_TIMEZONE default and the statistics rollups' zone), whatever the
 * browser's own zone. A browser at UTC−5 at 22:00 is already on the next office day.
 * No zod and no date library: plain Intl, so a screen and the server can both use it.
 */

export const OFFICE_TIME_ZONE = 'Asia/Baku';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The office's wall clock at `at`: 'YYYY-MM-DD HH:mm:ss'. */
export function officeDateTime(at: Date = new Date(), timeZone: string = OFFICE_TIME_ZONE): string {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const hour = parts.hour === '24' ? '00' : parts.hour;
  return `${parts.year}-${parts.month}-${parts.day} ${hour}:${parts.minute}:${parts.second}`;
}

/** The office's day at `at`: 'YYYY-MM-DD'. */
export function officeDay(at: Date = new Date(), timeZone: string = OFFICE_TIME_ZONE): string {
  return officeDateTime(at, timeZone).slice(0, 10);
}
