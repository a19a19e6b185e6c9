/** What a shared document holds as it is: data, never objects of classes (which Yjs cannot keep). */

/** Whether `value` is such data: text, finite numbers, booleans, null, and lists and plain objects of them, and whatever `also` takes. */
export function isData(value: unknown, also: (value: unknown) => boolean = () => false): boolean {
  if (also(value)) return true;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isData(item, also));
  return typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every((item) => isData(item, also));
}
