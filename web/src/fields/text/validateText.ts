/** Length and pattern rules shared by text fields and both parts of slug fields. */
import type { TextValidation } from '../../api/config';
import { t } from '../../lib/messages/format';
import { matchesPattern } from './patterns';

/** Lengths count UTF-16 code units, as Keystatic (JavaScript) does. */
export function validateText(value: string, label: string, validation: TextValidation): string | null {
  const { min, max } = validation.length;
  if (value.length < min) {
    return min === 1 ? t('text.empty', { label }) : t('text.tooShort', { label, min });
  }
  if (max !== null && value.length > max) return t('text.tooLong', { label, max });
  const pattern = validation.pattern;
  if (pattern !== null && matchesPattern(pattern.regex, value) === false) {
    return pattern.message ?? t('text.pattern', { label, regex: pattern.regex });
  }
  return null;
}
