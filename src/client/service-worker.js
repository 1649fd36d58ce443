// The service worker (issue 12, item 3; docs/decisions/0011-offline-app-shell.md): the app's shell and the screens
// already opened load without a network; the API never comes from a cache. scripts/offline-shell.ts builds it
// into dist/client/sw.js with BUILD, this release's files, written before this text:
//   BUILD.version  changes with every release, so the browser installs the new worker;
//   BUILD.shell    the page, its entry script with what it imports, its stylesheet and the public files (boot.js,
//                  the favicon), kept at install;
//   BUILD.assets   every hashed file of the release, kept as a screen first loads it (they never change).
const SHELL_CACHE = `afya-shell-${BUILD.version}`;
/** Hashed files outlive a release when they did not change; activate() drops the ones the release no longer has. */
const ASSET_CACHE = 'afya-assets';
const SHELL = new Set(BUILD.shell);
const ASSETS = new Set(BUILD.assets);
/** Patient data, downloads, log out: live or not at all, and never touched here (DESIGN.md §6: no-store). */
const API = /^\/api(\/|$)/i;
const PAGE = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      // The page and the public files are revalidated (the server says no-cache); hashed files may come from the HTTP cache.
      .then((cache) => cache.addAll(BUILD.shell.map((path) => new Request(path, { cache: ASSETS.has(path) ? 'default' : 'no-cache' }))))
      // A new release takes over at once: its page is what the server now sends, and its files are the ones there.
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL_CACHE && name !== ASSET_CACHE) await caches.delete(name);
      const assets = await caches.open(ASSET_CACHE);
      for (const request of await assets.keys()) if (!ASSETS.has(new URL(request.url).pathname)) await assets.delete(request);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // Not answered here: the browser goes to the network as if there were no worker.
  if (request.method !== 'GET' || url.origin !== self.location.origin || API.test(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request, PAGE));
  else if (ASSETS.has(url.pathname)) event.respondWith(cacheFirst(request, event));
  else if (SHELL.has(url.pathname)) event.respondWith(networkFirst(request, url.pathname));
});

/** The network's answer while there is one (a new release shows at once); offline, the copy kept at install. */
async function networkFirst(request, kept) {
  try {
    return await fetch(request);
  } catch (error) {
    const copy = await caches.match(kept, { cacheName: SHELL_CACHE, ignoreVary: true });
    if (copy) return copy;
    throw error;
  }
}

/** A hashed file never changes: the kept copy, else the network's, kept for next time. */
async function cacheFirst(request, event) {
  const copy = await caches.match(request, { ignoreVary: true });
  if (copy) return copy;
  const response = await fetch(request);
  if (response.ok) {
    const kept = response.clone();
    event.waitUntil(caches.open(ASSET_CACHE).then((cache) => cache.put(request, kept)));
  }
  return response;
}

// The page's files that loaded before this worker took charge of it (the first visit: the shell and the screen it
// opened, and what was still loading when it did), sent by lib/service-worker.ts: kept too, so that screen opens
// offline as well.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep-loaded' || !Array.isArray(event.data.paths)) return;
  const paths = event.data.paths.filter((path) => ASSETS.has(path));
  event.waitUntil(
    caches.open(ASSET_CACHE).then(async (cache) => {
      for (const path of paths) {
        if (await caches.match(path, { ignoreVary: true })) continue;
        // From the HTTP cache, where the page's own load left it; a file that fails is kept when next loaded.
        await cache.add(path).catch(() => undefined);
      }
    }),
  );
});
