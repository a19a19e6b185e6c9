/**
 * The table of field kinds as the widgets of a form reach it: the form's top (EntryForm) gives it
 * once, so that FieldView and the composite kinds render and check fields of any kind without
 * importing the table that imports them.
 */
import { createContext, useContext } from 'react';
import type { KindOf } from './kindEntry';

export const KindsContext = createContext<KindOf | null>(null);

export function useKindOf(): KindOf {
  const kindOf = useContext(KindsContext);
  if (kindOf === null) throw new Error('Fields render inside a KindsContext, which gives the table of field kinds');
  return kindOf;
}
