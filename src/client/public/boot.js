// Runs before the app's JavaScript has arrived (issue 12, a 3G link): picks the language and the look of the page
// index.html already holds (scripts/boot-shell.ts), and asks the server who is signed in at once, so the app does
// not wait a round trip for it once it starts (features/auth/auth.api.ts takes the answer).
(function () {
  var html = document.documentElement;
  try {
    if (localStorage.getItem('afya.language') === 'sw') {
      html.classList.add('boot-sw');
      html.lang = 'sw';
    }
    // A member of staff who signed in on this device: the splash, not the public landing page, until the app draws.
    if (localStorage.getItem('demoUser') && location.pathname === '/') html.classList.add('boot-app');
  } catch {
    // storage refused (a private window): English, the landing page
  }
  if (location.pathname !== '/' && location.pathname !== '/demo' && location.pathname !== '/login') html.classList.add('boot-app');
  window.__afyaBootUser = fetch('/api/auth/user', { credentials: 'include', headers: { Accept: 'application/json' } })
    .then(function (r) {
      return r.status === 401 ? null : r.ok ? r.json() : undefined;
    })
    .catch(function () {
      return undefined;
    });
})();
