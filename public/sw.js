/*
 * A stand-in for the club's service worker, for the push tests of branch pwa-devices only: the real
 * /sw.js (pwa-offline: the match-day pack offline) replaces this file and keeps its importScripts line.
 */
self.importScripts('/sw-push.js');

self.addEventListener('install', function () {
  self.skipWaiting();
});
self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});
