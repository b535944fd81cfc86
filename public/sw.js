// The club's service worker (issue 35; docs/decisions/064-offline-match-day.md). Plain JS, no build.
// - Match day without signal: the signed-in member's own pages of their next matches and sessions
//   (Players' Area home, Schedule, their children's pages, the team sheets they are sent to) are kept
//   in one cache, refreshed on every load with signal; offline they open from it. Nothing else is
//   kept: no public page, no admin page, no API answer. Other navigations offline get a small page.
// - Answers given offline wait in IndexedDB and go to the club's own answer API once back online.
// - Signing in or out clears everything kept here, so the next person on the phone sees none of it.
// - Push and notification taps are in /sw-push.js (pwa-devices).
/* global importScripts */
importScripts('/sw-push.js');

var PACK = 'match-day-pack-v1';
var ASSETS = 'match-day-assets-v1';
var PREFIX = 'match-day-';
var DB = 'match-day';
var STORE = 'answers';
var MAX_PAGES = 24;
var PACK_API = '/api/me/match-day';
// The pages of the pack (keep equal to PACK_PATH in app/lib/offline.ts).
var PACK_PATH = /^\/(players-area(\/schedule|\/children(\/[^/]+)?)?|team-sheet\/[^/]+)\/?$/;
// A sign-in, sign-out or registration (page form, React Router's .data fetch, or the API) clears the kept data first.
var CLEARS = /^\/(login|logout|register(\/parent)?)(\.data)?$|^\/api\/auth\/(login|logout)$/;

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(names.filter(function (n) { return n.indexOf(PREFIX) === 0 && n !== PACK && n !== ASSETS; }).map(function (n) { return caches.delete(n); }));
      })
      .then(function () { return self.clients.claim(); }),
  );
});

self.addEventListener('fetch', function (event) {
  var req = event.request;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.method === 'POST' && CLEARS.test(url.pathname)) {
    event.respondWith(clearAll().then(function () { return fetch(req); }));
    return;
  }
  if (req.method !== 'GET' || url.pathname.indexOf('/api/') === 0) return;
  if (req.mode === 'navigate') {
    event.respondWith(navigate(event, req, url));
    return;
  }
  // Build files a saved page needs (JS, CSS, images): hashed /assets/ from the cache first; others from the network, the cache when offline.
  // (caches.match with cacheName never creates the cache: a signed-out phone keeps none.)
  event.respondWith(
    caches.match(req, { cacheName: ASSETS }).then(function (hit) {
      if (hit && url.pathname.indexOf('/assets/') === 0) return hit;
      return fetch(req).catch(function (error) {
        if (hit) return hit;
        throw error;
      });
    }),
  );
});

function navigate(event, req, url) {
  var pack = PACK_PATH.test(url.pathname);
  return fetch(req).then(
    function (res) {
      if (pack) event.waitUntil(keep(url.pathname, res.clone()));
      return res;
    },
    function () {
      var hit = pack ? caches.match(url.pathname, { cacheName: PACK }) : Promise.resolve(undefined);
      return hit.then(function (page) { return page || offlinePage(); });
    },
  );
}

/** Keeps a page of the pack with the time it was saved (a redirect, e.g. to sign in, is never kept). */
function keep(path, res) {
  if (res.status !== 200 || res.redirected || res.type !== 'basic' || (res.headers.get('content-type') || '').indexOf('text/html') !== 0) return Promise.resolve();
  return res.text().then(function (html) {
    var headers = new Headers(res.headers);
    headers.delete('vary');
    headers.set('x-saved-at', new Date().toISOString());
    var title = /<title>([^<]*)<\/title>/.exec(html);
    headers.set('x-title', encodeURIComponent(title ? title[1] : path));
    return caches.open(PACK).then(function (c) { return c.put(path, new Response(html, { status: 200, headers: headers })); });
  });
}

/** The pack as data (GET /api/me/match-day): the offline page lists the next events from it, with the manager's phone. */
function keepPack() {
  return fetch(PACK_API, { credentials: 'same-origin' }).then(function (res) {
    if (res.status !== 200) return;
    return caches.open(PACK).then(function (c) { return c.put(PACK_API, res); });
  }, function () {});
}

/** The worker's periodic fetch (where the browser grants it): every kept page and the pack, fresh. */
function refresh() {
  return caches.has(PACK).then(function (has) { return has ? caches.open(PACK).then(function (c) { return c.keys(); }) : []; }).then(function (keys) {
    var pages = keys.map(function (k) { return new URL(k.url).pathname; }).filter(function (p) { return PACK_PATH.test(p); });
    return pages.length ? save(pages, []) : undefined;
  });
}

self.addEventListener('periodicsync', function (event) {
  if (event.tag === 'match-day') event.waitUntil(refresh());
});

/** The page asks to save itself, the pack pages it links to, and the files it loaded. */
function save(pages, assets) {
  var own = pages.filter(function (p) { return typeof p === 'string' && PACK_PATH.test(p); }).slice(0, MAX_PAGES);
  var files = assets.filter(function (a) {
    var u = new URL(a, self.location.origin);
    return u.origin === self.location.origin && u.pathname.indexOf('/api/') !== 0;
  });
  return Promise.all(
    [keepPack()].concat(own.map(function (p) {
      return fetch(p, { credentials: 'same-origin', redirect: 'manual' }).then(function (res) { return keep(p, res); }, function () {});
    })).concat(
      caches.open(ASSETS).then(function (cache) {
        return Promise.all(files.map(function (f) {
          return fetch(f).then(function (res) { if (res.ok) return cache.put(f, res); }, function () {});
        }));
      }),
    ),
  );
}

/** The next events of the pack (the member's own, then each child's), as kept when last online. */
function packHtml(data) {
  if (!data || !Array.isArray(data.events)) return '';
  var groups = [{ who: 'Your next events', events: data.events }].concat(
    (data.children || []).map(function (c) { return { who: escapeHtml(c.first_name) + '\u2019s next events', events: c.events || [] }; }),
  );
  var html = groups.filter(function (g) { return g.events.length; }).map(function (g) {
    return '<h2>' + g.who + '</h2><ul>' + g.events.map(eventHtml).join('') + '</ul>';
  }).join('');
  var at = new Date(data.saved_at);
  var time = isNaN(at) ? '' : at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
  return html ? (time ? '<p>Saved at ' + time + '.</p>' : '') + html : '';
}

function eventHtml(e) {
  var parts = [escapeHtml(e.date) + ', ' + (e.kind === 'fixture' ? 'kick-off ' : '') + escapeHtml(e.time) + (e.cancelled ? ' (cancelled)' : '')];
  if (e.meet_time) parts.push('meet at ' + escapeHtml(e.meet_time));
  parts.push(escapeHtml(e.address || e.place) + ' (<a href="' + escapeHtml(e.map_link) + '">map</a>)');
  if (e.manager) parts.push('manager ' + escapeHtml(e.manager.name) + (e.manager.phone ? ', <a href="tel:' + escapeHtml(e.manager.phone.replace(/\s/g, '')) + '">' + escapeHtml(e.manager.phone) + '</a>' : ''));
  var sheet = e.team_sheet ? '<br>Team sheet: ' + e.team_sheet.starters.concat(e.team_sheet.substitutes).map(function (p) { return p.shirt_number + ' ' + escapeHtml(p.full_name); }).join(', ') : '';
  return '<li><strong>' + escapeHtml(e.title) + '</strong><br>' + parts.join(' \u00b7 ') + sheet + '</li>';
}

function escapeHtml(s) {
  return String(s == null ? '' : s).replace(/[&<>"']/g, function (ch) { return '&#' + ch.charCodeAt(0) + ';'; });
}

/** Offline, anything not kept: what is on this phone, to open without signal. */
function offlinePage() {
  return caches
    .has(PACK)
    .then(function (has) { return has ? caches.open(PACK) : null; })
    .then(function (c) {
      if (!c) return { keys: [], res: [] };
      return c.keys().then(function (keys) {
        return Promise.all(keys.map(function (k) { return c.match(k); })).then(function (res) { return { keys: keys, res: res }; });
      });
    })
    .then(function (kept) {
      var pack = null;
      var items = [];
      kept.keys.forEach(function (k, i) {
        var path = new URL(k.url).pathname;
        if (path === PACK_API) { pack = kept.res[i]; return; }
        var title = decodeURIComponent(kept.res[i].headers.get('x-title') || path).replace(/ \|.*$/, '');
        items.push('<li><a href="' + escapeHtml(path) + '">' + escapeHtml(title) + '</a></li>');
      });
      return (pack ? pack.json().catch(function () { return null; }) : Promise.resolve(null)).then(function (data) { return { items: items, data: data }; });
    })
    .then(function (found) {
      var items = found.items;
      var body = items.length
        ? '<p>This page is not saved on this phone. These are, and open without signal:</p><ul class="pages">' + items.join('') + '</ul>'
        : '<p>Nothing is saved on this phone yet. Open your Players\u2019 Area once with signal: your next matches and sessions are then kept here for match day.</p>';
      var html =
        '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<title>You are offline</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:24px 16px;color:#111827}main{max-width:40rem;margin:auto}' +
        'a{color:#14532d;font-weight:600}.pages a{display:inline-block;min-height:44px;line-height:44px}li{margin:0 0 12px}</style></head><body><main>' +
        '<h1>You are offline</h1>' + body + packHtml(found.data) + '</main></body></html>';
      return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
    });
}

// ---- Answers given offline -------------------------------------------------------------------

function store(mode, work) {
  return new Promise(function (resolve, reject) {
    var open = indexedDB.open(DB, 1);
    open.onupgradeneeded = function () { open.result.createObjectStore(STORE, { keyPath: 'key' }); };
    open.onerror = function () { reject(open.error); };
    open.onsuccess = function () {
      var db = open.result;
      var tx = db.transaction(STORE, mode);
      var request = work(tx.objectStore(STORE));
      tx.oncomplete = function () { db.close(); resolve(request ? request.result : undefined); };
      tx.onerror = function () { db.close(); reject(tx.error); };
    };
  });
}

/** The club's own answer API decides (lock time, who may answer): a player's own, or a parent's for a child. */
function answerUrl(a) {
  if (a.kind === 'squad') {
    // A squad place: the player's own, or a parent's for a child.
    if (a.player) return '/api/players/' + encodeURIComponent(a.player) + '/selection/' + encodeURIComponent(a.id);
    return '/api/fixtures/' + encodeURIComponent(a.id) + '/selection/me';
  }
  if (a.player) return '/api/players/' + encodeURIComponent(a.player) + '/availability/' + a.kind + '/' + encodeURIComponent(a.id);
  return (a.kind === 'fixture' ? '/api/fixtures/' : '/api/training-sessions/') + encodeURIComponent(a.id) + '/availability/me';
}

function queue(answer) {
  var a = { key: [answer.kind, answer.id, answer.player || ''].join(':'), kind: answer.kind, id: answer.id, player: answer.player || null, status: answer.status, note: answer.note || '' };
  return store('readwrite', function (s) { return s.put(a); }).then(function () {
    if (self.registration.sync) return self.registration.sync.register('answers').catch(function () {});
  });
}

function tell(message) {
  return self.clients.matchAll({ type: 'window' }).then(function (list) { list.forEach(function (c) { c.postMessage(message); }); });
}

var flushing = null;
/** Sends every waiting answer; a refused one is dropped and reported, one that meets no network waits. Resolves to how many still wait. */
function flush() {
  if (flushing) return flushing;
  flushing = store('readonly', function (s) { return s.getAll(); })
    .then(function (answers) {
      return Promise.all((answers || []).map(send));
    })
    .then(function (results) {
      var done = results.filter(Boolean);
      var waiting = results.length - done.length;
      flushing = null;
      return (done.length ? tell({ type: 'answers-sent', results: done }) : Promise.resolve()).then(function () { return waiting; });
    }, function (error) {
      flushing = null;
      throw error;
    });
  return flushing;
}

function send(a) {
  var body = a.kind === 'squad' ? { confirmed: a.status === 'confirmed' } : { status: a.status };
  if (a.note) body[a.kind === 'squad' ? 'reason' : 'note'] = a.note;
  return fetch(answerUrl(a), { method: 'PUT', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(
    function (res) {
      if (res.status >= 500) return null;
      return res
        .json()
        .catch(function () { return {}; })
        .then(function (json) {
          return store('readwrite', function (s) { return s.delete(a.key); }).then(function () {
            var error = res.status === 401 ? 'You were signed out: sign in and answer again.' : json.detail || 'The club could not take this answer.';
            return { kind: a.kind, id: a.id, player: a.player, status: a.status, ok: res.ok, error: res.ok ? null : error };
          });
        });
    },
    function () { return null; },
  );
}

self.addEventListener('sync', function (event) {
  if (event.tag !== 'answers') return;
  event.waitUntil(flush().then(function (waiting) { if (waiting) throw new Error('Still offline'); }));
});

// ---- The pages talk to the worker --------------------------------------------------------------

function clearAll() {
  return caches
    .keys()
    .then(function (names) { return Promise.all(names.filter(function (n) { return n.indexOf(PREFIX) === 0; }).map(function (n) { return caches.delete(n); })); })
    .then(function () {
      return new Promise(function (resolve) {
        var gone = indexedDB.deleteDatabase(DB);
        gone.onsuccess = gone.onerror = gone.onblocked = function () { resolve(); };
      });
    })
    .catch(function () {});
}

self.addEventListener('message', function (event) {
  var data = event.data || {};
  var source = event.source;
  var done;
  if (data.type === 'save') done = save(Array.isArray(data.pages) ? data.pages : [], Array.isArray(data.assets) ? data.assets : []);
  else if (data.type === 'queue' && data.answer) done = queue(data.answer).then(function () { if (source) source.postMessage({ type: 'queued', answer: data.answer }); });
  else if (data.type === 'flush') done = flush();
  else if (data.type === 'clear') done = clearAll();
  if (done) event.waitUntil(done.catch(function () {}));
});
