import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * How replies write values in SQL (the wire format of docs/architecture.md): one place, so every
 * list and detail formats dates and names alike.
 */

/** A timestamp as 'YYYY-MM-DD HH:mm:ss' in the office's time zone. */
export const asDateTime = (column: AnyColumn | SQL, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** The same for a nullable column. */
export const asDateTimeOrNull = (column: AnyColumn | SQL, timeZone: string) =>
  sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** "Name Surname" of a joined person, null when both are blank. */
export const fullName = (name: AnyColumn, surname: AnyColumn) =>
  sql<string | null>`nullif(trim(coalesce(${name}, '') || ' ' || coalesce(${surname}, '')), '')`;
