// The service worker (issue 35), scope /. A stand-in on the pwa-install branch: the real one (the
// match-day pack kept offline, and importScripts('/sw-push.js') for notifications) comes from
// pwa-offline, and the merge keeps that one. This one only takes control of the pages, so the app
// is installable; every request goes to the network as if there were no worker.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', () => {
  // Nothing answered here: the browser fetches as usual.
});
