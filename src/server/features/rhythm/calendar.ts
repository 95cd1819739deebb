/*
 * Calendar days in a learner's time zone, as YYYY-MM-DD strings. Date arithmetic on those strings is
 * done at UTC midnight, where every day has 24 hours, so daylight-saving changes cannot shift a day.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The IANA zones this server knows (UTC included, which some runtimes leave out of the list). */
const knownZones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** The canonical name of an IANA zone, or undefined when it is not one (offsets, abbreviations). */
export function canonicalTimeZone(zone: string): string | undefined {
  if (!knownZones.has(zone)) {
    // The list holds canonical names only; an alias such as Asia/Calcutta is still a real zone.
    try {
      const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions()
        .timeZone;
      return knownZones.has(resolved) && zone.includes('/') ? resolved : undefined;
    } catch {
      return undefined;
    }
  }
  return zone;
}

/** The calendar day of `instant` in `timeZone` (a zone canonicalTimeZone accepted). */
export function localDay(instant: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format.format(instant);
}

const DAY_MS = 86_400_000;

function toUtcMidnight(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function addCalendarDays(day: string, days: number): string {
  return new Date(toUtcMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week `day` falls in (weeks run Monday to Sunday). */
export function mondayOf(day: string): string {
  const weekday = new Date(toUtcMidnight(day)).getUTCDay(); // 0 = Sunday
  return addCalendarDays(day, -((weekday + 6) % 7));
}
