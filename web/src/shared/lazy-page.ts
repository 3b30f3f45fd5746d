// A component's chunk behind React.lazy, with `preload` to start it early (issue 16, LCP).
import { type ComponentType, lazy } from "react";

/**
 * Once the chunk has loaded, the lazy component renders at once (a thenable that answers synchronously): a render
 * after `preload` does not suspend on it, so the component paints with what surrounds it instead of after a
 * fallback (React holds a boundary's content back 300 ms after its fallback showed).
 */
export function lazyPage<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: { default: ComponentType<P> } | null = null;
  const preload = () =>
    load().then((m) => {
      loaded = m;
      return m;
    });
  const Page = lazy(() => {
    const ready = loaded;
    if (!ready) return preload();
    // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a thenable that answers at once as loaded.
    const now = { then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve(ready) };
    return now as unknown as Promise<{ default: ComponentType<P> }>;
  });
  return { Page, preload };
}
