/** The Chromium every browser run here starts: Debian's (installed by .ci/run; Playwright never downloads one), and its flags. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless Chromium in a container, shared by the browser tests and scripts/lighthouse.mjs. */
export const CHROMIUM_BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
