import { type ComponentType, Suspense, lazy } from 'react';

/**
 * A component whose code is a separate chunk, loaded on first render or earlier with `preload()`.
 * Once loaded it renders at once (no Suspense round), so tests that preload can read it
 * synchronously, and a second mount never flashes. Used for UI that most visits never show
 * (notices on /login, the session warning), to keep it out of the first download.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: ComponentType<Props>; preload: () => Promise<ComponentType<Props>> } {
  let loaded: ComponentType<Props> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: Props) {
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Component, preload };
}
