import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const [, , base, ...paths] = process.argv;
for (const w of [390, 1280]) {
  const p = await b.newPage({ viewport: { width: w, height: w === 390 ? 844 : 900 } });
  for (const path of paths) {
    await p.goto(base + path);
    await p.screenshot({ path: `/tmp/shot-${path.replace(/\W/g, '_') || 'home'}-${w}.png`, fullPage: true });
  }
}
await b.close();
