// Placeholder on branch pwa-offline: pwa-devices owns this file (the service worker's `push` and
// `notificationclick` handlers). /sw.js loads it with importScripts; keep theirs when merging.
