import { startTransition, useEffect, useState, type ComponentProps, type ComponentType, type JSXElementConstructor } from 'react';
import { whenPageShown } from './page-shown';

/**
 * A part of a page that its first paint does not need (a form below the fold, a
 * dialog's body, what a click opens), in a chunk of its own: the page's chunk
 * leaves out its code, often the form kit and zod (docs/product.md#web-app,
 * "Deferred parts"). Its chunk is fetched once the first page is on screen,
 * never before, even when the page's first render has it.
 * Until it is in, the part renders nothing (no placeholder, no suspending, so
 * the page's first render never waits for it); once in, it renders at once,
 * every time. A chunk that fails to load goes to the error boundary, as a page's.
 */
// As React.lazy types it: any component, its props kept.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function deferred<C extends JSXElementConstructor<any>>(load: () => Promise<{ default: C }>): ComponentType<ComponentProps<C>> {
  type P = ComponentProps<C>;
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const once = () =>
    (loading ??= load().then(
      (m) => (loaded = m.default as ComponentType<P>),
      (error: unknown) => {
        loading = undefined; // a later mount tries again
        throw error;
      },
    ));
  whenPageShown(() => void once().catch(() => {}));
  function Deferred(props: P) {
    const [, setReady] = useState(loaded !== undefined);
    const [failed, setFailed] = useState<{ error: unknown }>();
    useEffect(() => {
      if (loaded) return;
      let live = true;
      // Rendered with the page's first render: still after the page is on screen.
      whenPageShown(() =>
        once().then(
          // In a transition: the part's render yields to the browser, never one long task.
          () => live && startTransition(() => setReady(true)),
          (error: unknown) => live && setFailed({ error }),
        ),
      );
      return () => {
        live = false;
      };
    }, []);
    if (failed) throw failed.error;
    const Part = loaded;
    return Part ? <Part {...props} /> : null;
  }
  return Deferred;
}
