// Runs before the app's JavaScript has arrived (issue 12, a 3G link): picks the language and the look of the page
// index.html already holds (scripts/boot-shell.ts), and asks the server who is signed in at once, so the app does
// not wait a round trip for it once it starts (features/auth/auth.api.ts takes the answer).
(function () {
  var html = document.documentElement;
  var SIGNED_IN = 'afya.signedIn';
  try {
    if (localStorage.getItem('afya.language') === 'sw') {
      html.classList.add('boot-sw');
      html.lang = 'sw';
    }
    // A member of staff who signed in on this device (the demo portal's user, or SIGNED_IN below, left by an earlier
    // visit): the splash, not the public landing page, until the app draws.
    if ((localStorage.getItem('demoUser') || localStorage.getItem(SIGNED_IN)) && location.pathname === '/') html.classList.add('boot-app');
  } catch {
    // storage refused (a private window): English, the landing page
  }
  if (location.pathname !== '/' && location.pathname !== '/demo' && location.pathname !== '/login') html.classList.add('boot-app');
  // Signed in (or about to be shown the splash): ask for the shell's and this screen's code now, beside the entry,
  // from the list the build wrote into the page (scripts/boot-shell.ts, screenPreloads).
  var preloaded = false;
  function preloadScreen() {
    var meta = document.querySelector('meta[name="afya-screens"]');
    if (preloaded || !meta) return;
    preloaded = true;
    // "shell=a.js b.js;/=c.js;/patients=d.js e.js"
    var lists = {};
    meta.content.split(';').forEach(function (entry) {
      var at = entry.indexOf('=');
      lists[entry.slice(0, at)] = entry.slice(at + 1).split(' ').filter(Boolean);
    });
    (lists.shell || []).concat(lists[location.pathname] || []).forEach(function (file) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = '/assets/' + file;
      document.head.appendChild(link);
    });
  }
  window.__afyaBootUser = fetch('/api/auth/user', { credentials: 'include', headers: { Accept: 'application/json' } })
    .then(function (r) {
      return r.status === 401 ? null : r.ok ? r.json() : undefined;
    })
    .then(function (user) {
      try {
        if (user) localStorage.setItem(SIGNED_IN, '1');
        else if (user === null) localStorage.removeItem(SIGNED_IN);
      } catch {
        // storage refused: the next visit waits for this answer again
      }
      if (user) preloadScreen();
      return user;
    })
    .catch(function () {
      return undefined;
    });
  // After the question above, so it is not queued behind the files on a link's few connections.
  if (html.classList.contains('boot-app')) preloadScreen();
})();
