/** Date and datetime text in the forms the fields store: `YYYY-MM-DD` and `YYYY-MM-DDTHH:mm`. */

/** Whether `value` is `YYYY-MM-DD` naming a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether `value` is `YYYY-MM-DDTHH:mm` naming a real day and time. */
export function isCalendarDateTime(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return false;
  const date = new Date(`${value}:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 16) === value;
}

/** Today in the browser's time zone, as `YYYY-MM-DD`. */
export function today(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The current wall-clock time in the browser's time zone, as `YYYY-MM-DDTHH:mm`. */
export function currentDateTime(now: Date = new Date()): string {
  return `${today(now)}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
