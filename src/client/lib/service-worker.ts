// Registers the service worker (src/client/service-worker.js, built into /sw.js; issue 12, item 3) once the page
// has loaded, so it never competes with the first screen for a slow link. A built client only: under the dev
// server a worker would keep serving old code.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, a browser that refuses it): the app works online as before.
    });
    // What loaded before the worker took charge (the shell and this screen, on a first visit) is kept too.
    void navigator.serviceWorker.ready.then((registration) => {
      const paths = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/'));
      registration.active?.postMessage({ type: 'keep-loaded', paths });
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
