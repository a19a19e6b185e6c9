/** The sidebar's open state, shared by the frame that holds it and the controls that toggle it. */
import { createContext, useContext } from 'react';

export type SidebarControl = { isOpen: boolean; toggle(): void; panelId: string };

export const SidebarContext = createContext<SidebarControl | null>(null);

export function useSidebar(): SidebarControl {
  const control = useContext(SidebarContext);
  if (control === null) throw new Error('useSidebar needs the Shell above it');
  return control;
}
