/** Width and height of a cloud image: whole numbers, optionally kept in proportion. */

/** A typed dimension as stored: rounded to a whole number, null when empty or not a number. */
export function wholeDimension(value: number): number | null {
  return Number.isFinite(value) ? Math.round(value) : null;
}

/** The other dimension for a new one, keeping `ratio` (width ÷ height), or null when unknown. */
export function proportional(value: number | null, ratio: number | null, of: 'width' | 'height'): number | null {
  if (value === null || ratio === null || !Number.isFinite(ratio) || ratio <= 0) return null;
  return Math.round(of === 'width' ? value / ratio : value * ratio);
}
