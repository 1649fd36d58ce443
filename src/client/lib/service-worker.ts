// Registers the service worker (src/client/service-worker.js, built into /sw.js; issue 12, item 3) once the page
// has loaded, so it never competes with the first screen for a slow link. A built client only: under the dev
// server a worker would keep serving old code.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const worker = navigator.serviceWorker;
  // The page's scripts and stylesheets that did not come through the worker: on a first visit, the shell and the
  // screen loaded before it took charge, and any that were still loading then. The worker keeps them too (from the
  // HTTP cache), so that screen opens offline as well; it skips what it already has.
  const keep = (entries: PerformanceEntryList) => {
    const paths = entries.map((entry) => new URL(entry.name).pathname).filter((path) => path.startsWith('/assets/'));
    if (paths.length) worker.controller?.postMessage({ type: 'keep-loaded', paths });
  };
  worker.addEventListener('controllerchange', () => keep(performance.getEntriesByType('resource')));
  new PerformanceObserver((list) => keep(list.getEntries())).observe({ type: 'resource' });

  const register = () => {
    worker.register('/sw.js').catch(() => {
      // No worker (a private window, a browser that refuses it): the app works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
