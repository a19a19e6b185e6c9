/**
 * A component whose code loads when it is first shown, as with React's `lazy`, but which renders at
 * once when its code is already here (after `preload`). `lazy` suspends on every first render, even
 * of code loaded long before, and React then holds the revealed content back for up to 300 ms (its
 * throttle after a fallback showed): an entry preloaded while the list sat idle would still open
 * that much later.
 */
import { createElement, lazy, useState } from 'react';
import type { ComponentType } from 'react';

export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Loads the code; a failed load is tried again by the next call. */
  preload(): Promise<void>;
  /** Whether the code is here: the component then renders without suspending. */
  isLoaded(): boolean;
};

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    if (loading === null) {
      loading = load().then(
        (component) => (loaded = component),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
    }
    return loading;
  };
  const Suspending = lazy(async () => ({ default: await start() }));
  function Component(props: P) {
    // Each instance keeps the type it started with: switching would mount it anew, losing its state.
    const [type] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return createElement(type, props);
  }
  return Object.assign(Component, { preload: async () => void (await start()), isLoaded: () => loaded !== null });
}
