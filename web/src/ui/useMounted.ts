/** Whether the component is still mounted: an answer that comes after it went away changes nothing. */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

export function useMounted(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
