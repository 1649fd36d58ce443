// Runs before the app's JavaScript has arrived (issue 12, a 3G link): picks the language and the look of the page
// index.html already holds (scripts/boot-shell.ts), and asks the server who is signed in at once, so the app does
// not wait a round trip for it once it starts. Answers asked for early wait in window.__afyaEarly, by address, and
// lib/api-client.ts takes each one once.
(function () {
  var html = document.documentElement;
  var SIGNED_IN = 'afya.signedIn';
  var early = (window.__afyaEarly = {});
  function ask(path) {
    return fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } }).catch(function () {
      return undefined;
    });
  }
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
  // Signed in: ask for the shell's and this screen's code, and the screen's first figures, now, beside the entry,
  // from the lists the build wrote into the page (scripts/boot-shell.ts, screenPreloads). The figures go first, so
  // they are not queued behind the files on the link's few connections.
  function lists() {
    // "shell=a.js b.js;/=c.js;data:/=/api/x{facility} perm@/api/y{facility};/patients=d.js e.js"
    var meta = document.querySelector('meta[name="afya-screens"]');
    var out = {};
    if (meta) {
      meta.content.split(';').forEach(function (entry) {
        var at = entry.indexOf('=');
        out[entry.slice(0, at)] = entry.slice(at + 1).split(' ').filter(Boolean);
      });
    }
    return out;
  }
  // The shell's Current Facility as app/selected-facility.tsx chooses it: the user's own stored choice, else their
  // facility, else the referral hospital.
  function facilityOf(user) {
    try {
      var choice = JSON.parse(localStorage.getItem('afya.facility') || 'null');
      if (choice && choice.userId === user.id && Number.isInteger(choice.facilityId) && choice.facilityId >= 0) return choice.facilityId;
    } catch {
      // a corrupt entry is ignored
    }
    return user.facilityId !== null && user.facilityId !== undefined ? user.facilityId : 1;
  }
  function prepareScreen(user) {
    var screen = lists();
    var facility = facilityOf(user);
    (screen['data:' + location.pathname] || []).forEach(function (entry) {
      var at = entry.indexOf('@');
      if (at > 0 && (user.permissions || []).indexOf(entry.slice(0, at)) < 0) return;
      var path = entry.slice(at + 1).replace('{facility}', facility === 0 ? '' : '?facilityId=' + facility);
      early[path] = ask(path);
    });
    (screen.shell || []).concat(screen[location.pathname] || []).forEach(function (file) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = '/assets/' + file;
      document.head.appendChild(link);
    });
  }
  // Work saved on this device while the link was down waits to be sent (issue 34, lib/offline): the app sends it
  // before asking anything else, so that no read ends, as idle, the session the outbox is kept for. Nothing early.
  var waiting = 0;
  try {
    waiting = Number(localStorage.getItem('afya.outboxWaiting') || 0);
  } catch {
    // storage refused: nothing was saved offline either
  }
  if (waiting > 0) return;
  // Who is signed in: { user } with the user, or null for nobody (a 200 either way: a 401 would be logged as an
  // error on every signed-out page, issue 33 item 3).
  var signIn = ask('/api/auth/session');
  // The app takes the answer, on a copy of it; any other answer (none, an error), it asks for again.
  early['/api/auth/session'] = signIn.then(function (r) {
    return r && r.ok ? r.clone() : undefined;
  });
  signIn
    .then(function (r) {
      return r && r.ok ? r.json() : undefined;
    })
    .then(function (session) {
      return session ? session.user : undefined;
    })
    .then(function (user) {
      try {
        if (user) localStorage.setItem(SIGNED_IN, '1');
        else if (user === null) localStorage.removeItem(SIGNED_IN);
      } catch {
        // storage refused: the splash waits for this answer next time
      }
      if (user) prepareScreen(user);
    })
    .catch(function () {
      // an unreadable answer: the app asks again
    });
})();
