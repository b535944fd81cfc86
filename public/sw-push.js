/*
 * The service worker's push half (issue 35), loaded by /sw.js with importScripts('/sw-push.js').
 *
 * - Every push shows a notification, even one whose payload cannot be read: a browser may revoke a
 *   subscription whose push shows nothing (iOS does), and then the member silently gets nothing more.
 * - Tapping a notification focuses a window already on its page, or opens it. Only pages of this
 *   site are opened, whatever the payload says.
 * - When the browser replaces a subscription, the new one is sent to the club at once.
 * - Signing out on this phone unsubscribes it: the next person on the phone gets nothing of the last
 *   one's (the club then finds the device gone, removes it and e-mails instead). Signing in again as
 *   the same person subscribes it again (app/lib/push-device.ts).
 *
 * The payload is JSON {title, body, url, tag} (server/services/push). Plain JavaScript, no build step.
 */
(function () {
  'use strict';

  /** Shown when a push carries nothing readable: it must still show something. */
  var UNREADABLE = { title: 'New from the club', body: 'Open to see it.', url: '/', tag: '' };
  /** The club's icon when its app icons cannot be read (drawn from its crest or colours, server/club-files.ts). */
  var ICON = '/favicon.svg';
  /** How long a push waits for the manifest before showing with the plain icon. */
  var ICON_WAIT_MS = 3000;

  /** A page of this site (path, query and fragment) from a payload's url; the home page otherwise. */
  function ownPage(url) {
    if (typeof url !== 'string' || url === '') return '/';
    try {
      var parsed = new URL(url, self.location.origin);
      return parsed.origin === self.location.origin ? parsed.pathname + parsed.search + parsed.hash : '/';
    } catch {
      return '/';
    }
  }

  /** What a push says, or the generic message when its data is missing, not JSON or has no title. */
  function messageOf(data) {
    var message = null;
    try {
      message = data ? data.json() : null;
    } catch {
      message = null;
    }
    if (!message || typeof message !== 'object' || typeof message.title !== 'string' || message.title.trim() === '') return UNREADABLE;
    return {
      title: message.title,
      body: typeof message.body === 'string' ? message.body : '',
      url: ownPage(message.url),
      tag: typeof message.tag === 'string' ? message.tag : '',
    };
  }

  /** The club's 192 px app icon, from its manifest (the icons' addresses change with the crest); the plain icon otherwise. */
  function clubIcon() {
    var timer;
    var late = new Promise(function (resolve) {
      timer = setTimeout(function () {
        resolve(ICON);
      }, ICON_WAIT_MS);
    });
    var fromManifest = self
      .fetch('/manifest.webmanifest', { credentials: 'same-origin' })
      .then(json)
      .then(function (manifest) {
        var icons = (manifest && manifest.icons) || [];
        for (var i = 0; i < icons.length; i++) {
          if (icons[i].sizes === '192x192' && icons[i].purpose !== 'maskable' && typeof icons[i].src === 'string') return icons[i].src;
        }
        return ICON;
      })
      .catch(function () {
        return ICON;
      });
    return Promise.race([fromManifest, late]).then(function (icon) {
      clearTimeout(timer);
      return icon;
    });
  }

  function show(message, icon) {
    var options = { body: message.body, icon: icon, data: { url: message.url } };
    // A newer message with the same tag (the same team sheet) replaces the old one, and buzzes again.
    if (message.tag) {
      options.tag = message.tag;
      options.renotify = true;
    }
    return self.registration.showNotification(message.title, options);
  }

  self.addEventListener('push', function (event) {
    var message = messageOf(event.data);
    event.waitUntil(
      clubIcon()
        .then(function (icon) {
          return show(message, icon);
        })
        .catch(function () {
          // Options a browser refuses (an icon, renotify) must not cost the member the notification.
          return self.registration.showNotification(message.title, { body: message.body, data: { url: message.url } });
        }),
    );
  });

  self.addEventListener('notificationclick', function (event) {
    event.notification.close();
    var target = new URL(ownPage(event.notification.data && event.notification.data.url), self.location.origin).href;
    event.waitUntil(
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
        for (var i = 0; i < windows.length; i++) {
          if (windows[i].url === target && 'focus' in windows[i]) return windows[i].focus();
        }
        return self.clients.openWindow(target);
      }),
    );
  });

  /** The VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
  function keyBytes(base64url) {
    var base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
    var binary = self.atob(base64 + '==='.slice((base64.length + 3) % 4));
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  function json(response) {
    if (!response.ok) throw new Error('The club answered ' + response.status);
    return response.json();
  }

  /** Subscribes again with the club's current key and sends the new subscription (signed out: the club refuses it, nothing more to do). */
  function subscribeAgain() {
    return self
      .fetch('/api/push/key', { credentials: 'same-origin' })
      .then(json)
      .then(function (key) {
        return self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.public_key) });
      })
      .then(function (subscription) {
        var s = subscription.toJSON();
        return self.fetch('/api/push/subscriptions', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } }),
        });
      });
  }

  /** A sign-out: the page's form, React Router's data request for it, or the API's. */
  var SIGN_OUT = /^\/logout(\.data)?$|^\/api\/auth\/logout$/;

  self.addEventListener('fetch', function (event) {
    if (event.request.method !== 'POST') return;
    var url = new URL(event.request.url);
    if (url.origin !== self.location.origin || !SIGN_OUT.test(url.pathname)) return;
    // Not answered here: the request goes on as it would (to /sw.js's own handler, or the network).
    event.waitUntil(
      self.registration.pushManager
        .getSubscription()
        .then(function (subscription) {
          return subscription && subscription.unsubscribe();
        })
        .catch(function () {}),
    );
  });

  self.addEventListener('pushsubscriptionchange', function (event) {
    event.waitUntil(
      subscribeAgain().catch(function () {
        // The next time the member opens the app, the page subscribes again (app/lib/push-device.ts).
      }),
    );
  });
})();
