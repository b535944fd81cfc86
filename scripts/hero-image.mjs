// Renders the home page's placeholder hero (a floodlit pitch at dusk, in the club's colours) to WebP:
// public/images/hero-pitch-800.webp and -1600.webp. The artwork is drawn here as SVG (no photo
// library needed) and encoded by Chromium's canvas. Run: node scripts/hero-image.mjs (ADR 021).
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const W = 1600;
const H = 900;
const HORIZON = 430;

/** A camera 3.2 m up (the front of a stand), 4 m behind the near touchline: world metres (x across, z away) to pixels. */
const F = 900;
const CAM = { x: 4, y: 3.2, z: -4 };
const project = (x, z) => [W / 2 + (F * (x - CAM.x)) / (z - CAM.z), HORIZON + (F * CAM.y) / (z - CAM.z)];
const pt = (x, z) => project(x, z).map((v) => v.toFixed(1)).join(' ');
const line = (x1, z1, x2, z2) => `M${pt(x1, z1)}L${pt(x2, z2)}`;

// Mowing stripes: 5 m bands from the near touchline to the far one (68 m).
let stripes = '';
for (let z = 0, i = 0; z < 68; z += 5, i++) {
  const [, y1] = project(0, z);
  const [, y2] = project(0, Math.min(z + 5, 68));
  stripes += `<rect x="0" y="${y2.toFixed(1)}" width="${W}" height="${(y1 - y2 + 0.6).toFixed(1)}" fill="${i % 2 ? '#33853f' : '#246532'}"/>`;
}
// In front of the near touchline: the run-off, a shade darker.
const [, nearY] = project(0, 0);

// Lines: the near touchline, the halfway line, the centre circle, the far penalty area.
const circle = [];
for (let a = 0; a <= 360; a += 6) {
  const r = (a * Math.PI) / 180;
  circle.push(pt(4 + 9.15 * Math.cos(r), 34 + 9.15 * Math.sin(r)));
}
const lines = [
  line(-60, 0, 60, 0),
  line(4, 0, 4, 68),
  `M${circle.join('L')}Z`,
  line(-60, 68, 60, 68),
  line(56.5, 0, 56.5, 68),
  `M${pt(56.5, 13.8)}L${pt(40, 13.8)}L${pt(40, 54.2)}L${pt(56.5, 54.2)}`,
].join('');

// Floodlight towers: a pole and a bank of lamps with a glow.
function floodlight(x, z, height) {
  const [bx, by] = project(x, z);
  const scale = F / (z - CAM.z);
  const top = by - height * scale;
  const w = 3.2 * scale;
  const lamps = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) lamps.push(`<rect x="${(bx - w / 2 + c * (w / 4) + w * 0.03).toFixed(1)}" y="${(top - w * 0.55 + r * w * 0.18).toFixed(1)}" width="${(w / 4 - w * 0.06).toFixed(1)}" height="${(w * 0.13).toFixed(1)}" rx="1" fill="#fffbe6"/>`);
  return `<circle cx="${bx.toFixed(1)}" cy="${(top - w * 0.35).toFixed(1)}" r="${(w * 3.2).toFixed(1)}" fill="url(#glow)"/>
<rect x="${(bx - scale * 0.25).toFixed(1)}" y="${top.toFixed(1)}" width="${(scale * 0.5).toFixed(1)}" height="${(by - top).toFixed(1)}" fill="#0a1f14"/>
<rect x="${(bx - w / 2 - 2).toFixed(1)}" y="${(top - w * 0.6).toFixed(1)}" width="${(w + 4).toFixed(1)}" height="${(w * 0.62).toFixed(1)}" rx="2" fill="#0a1f14"/>${lamps.join('')}`;
}

// The far goal (7.32 m wide, 2.44 m high) at the right-hand end.
const goal = (() => {
  const [x1, y1] = project(56.5, 30.34);
  const [x2, y2] = project(56.5, 37.66);
  const h1 = (2.44 * F) / (30.34 - CAM.z);
  const h2 = (2.44 * F) / (37.66 - CAM.z);
  return `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)}V${(y1 - h1).toFixed(1)}L${x2.toFixed(1)} ${(y2 - h2).toFixed(1)}V${y2.toFixed(1)}" fill="none" stroke="#f8fafc" stroke-width="3"/>`;
})();

// A player silhouette (metres to pixels at depth z), striding.
function player(x, z, kit, flip = 1) {
  const [px, py] = project(x, z);
  const s = F / (z - CAM.z) / 10; // 1 unit = 10 cm
  const t = (dx, dy) => `${(px + dx * s * flip).toFixed(1)} ${(py - dy * s).toFixed(1)}`;
  return `<g>
<ellipse cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" rx="${(5 * s).toFixed(1)}" ry="${(1.2 * s).toFixed(1)}" fill="#0b2e17" opacity=".45"/>
<path d="M${t(-1, 0)}L${t(-0.5, 9)}L${t(1, 9)}L${t(4, 0.5)}" stroke="#0f172a" stroke-width="${(1.1 * s).toFixed(1)}" fill="none" stroke-linecap="round"/>
<path d="M${t(-1.6, 8)}L${t(1.8, 8)}L${t(1.6, 14.5)}L${t(-1.4, 14.5)}Z" fill="${kit}"/>
<path d="M${t(-1.3, 14)}L${t(-3.6, 10)}M${t(1.3, 14)}L${t(3.2, 16.2)}" stroke="${kit}" stroke-width="${(0.9 * s).toFixed(1)}" stroke-linecap="round"/>
<circle cx="${(px + 0.1 * s * flip).toFixed(1)}" cy="${(py - 16 * s).toFixed(1)}" r="${(1.25 * s).toFixed(1)}" fill="#3b2a20"/>
</g>`;
}

// The stand behind the far touchline: a roof, rows of seats in club green, supporters.
const standLeft = project(-40, 78)[0];
const standRight = project(50, 78)[0];
const [, standBase] = project(0, 78);
const standH = (9 * F) / (78 - CAM.z);
let crowd = '';
for (let i = 0; i < 170; i++) {
  const x = standLeft + 6 + ((i * 53.7) % (standRight - standLeft - 12));
  const y = standBase - standH * 0.15 - ((i * 37) % 5) * (standH * 0.11);
  const hue = ['#facc15', '#f8fafc', '#14532d', '#e5e7eb', '#fde047'][i % 5];
  crowd += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="2.2" fill="${hue}" opacity=".75"/>`;
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#071a2e"/><stop offset=".45" stop-color="#16405a"/><stop offset=".8" stop-color="#c2874a"/><stop offset="1" stop-color="#f4b860"/>
  </linearGradient>
  <radialGradient id="sun" cx=".72" cy=".47" r=".35"><stop offset="0" stop-color="#ffe9a8" stop-opacity=".85"/><stop offset="1" stop-color="#ffe9a8" stop-opacity="0"/></radialGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="#fff7d1" stop-opacity=".95"/><stop offset=".25" stop-color="#fde68a" stop-opacity=".35"/><stop offset="1" stop-color="#fde68a" stop-opacity="0"/></radialGradient>
  <radialGradient id="pool" cx=".5" cy=".35" r=".7"><stop offset="0" stop-color="#d9f99d" stop-opacity=".22"/><stop offset="1" stop-color="#d9f99d" stop-opacity="0"/></radialGradient>
  <radialGradient id="ball" cx=".35" cy=".3" r=".75"><stop offset="0" stop-color="#ffffff"/><stop offset=".7" stop-color="#e5e7eb"/><stop offset="1" stop-color="#9ca3af"/></radialGradient>
  <linearGradient id="vignette" x1="0" y1="0" x2="0" y2="1"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#031b0c" stop-opacity=".55"/></linearGradient>
  <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency=".9" numOctaves="2" seed="7"/><feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 .05 0"/><feComposite in2="SourceGraphic" operator="in"/></filter>
  <filter id="soft"><feGaussianBlur stdDeviation="1.2"/></filter>
</defs>
<rect width="${W}" height="${HORIZON + 10}" fill="url(#sky)"/>
<rect width="${W}" height="${HORIZON + 10}" fill="url(#sun)"/>
<path d="M0 ${HORIZON - 18}c60-14 120-14 180-6s110 4 170-4 120-8 190 2 130 6 200-4 140-6 210 4 150 4 220-6 140-2 280 6V${HORIZON + 10}H0Z" fill="#12321f" opacity=".85"/>
<rect x="${standLeft.toFixed(1)}" y="${(standBase - standH).toFixed(1)}" width="${(standRight - standLeft).toFixed(1)}" height="${standH.toFixed(1)}" fill="#0d2a1a"/>
<path d="M${(standLeft - 12).toFixed(1)} ${(standBase - standH).toFixed(1)}L${(standLeft + 20).toFixed(1)} ${(standBase - standH - 16).toFixed(1)}H${(standRight - 20).toFixed(1)}L${(standRight + 12).toFixed(1)} ${(standBase - standH).toFixed(1)}Z" fill="#facc15"/>
<rect x="${standLeft.toFixed(1)}" y="${(standBase - standH * 0.72).toFixed(1)}" width="${(standRight - standLeft).toFixed(1)}" height="${(standH * 0.6).toFixed(1)}" fill="#14532d"/>
${crowd}
<rect x="${standLeft.toFixed(1)}" y="${(standBase - 8).toFixed(1)}" width="${(standRight - standLeft).toFixed(1)}" height="8" fill="#facc15"/>
${floodlight(-34, 82, 24)}${floodlight(46, 82, 24)}${floodlight(-70, 40, 24)}${floodlight(78, 40, 24)}
<rect x="0" y="${HORIZON + 8}" width="${W}" height="${H - HORIZON}" fill="#1f5e2e"/>
${stripes}
<rect x="0" y="${nearY.toFixed(1)}" width="${W}" height="${(H - nearY).toFixed(1)}" fill="#1d5a2c"/>
<rect x="0" y="${HORIZON}" width="${W}" height="${H - HORIZON}" fill="url(#pool)"/>
<path d="${lines}" fill="none" stroke="#f1f5f9" stroke-opacity=".85" stroke-width="3" stroke-linejoin="round" filter="url(#soft)"/>
${goal}
${player(-6, 40, '#facc15')}${player(1, 30, '#facc15', -1)}${player(10, 34, '#f8fafc')}${player(20, 44, '#facc15')}${player(28, 26, '#f8fafc', -1)}${player(-14, 22, '#f8fafc')}
<circle cx="${project(5.6, 31)[0].toFixed(1)}" cy="${(project(5.6, 31)[1] - 2).toFixed(1)}" r="5" fill="#f8fafc"/>
<ellipse cx="1180" cy="842" rx="78" ry="14" fill="#04210e" opacity=".5"/>
<circle cx="1180" cy="770" r="70" fill="url(#ball)"/>
<path d="M1180 742l19 14-7 22h-24l-7-22Z M1180 742v-41 M1199 756l36-10 M1192 778l22 30 M1168 778l-22 30 M1161 756l-36-10" fill="#14532d" stroke="#14532d" stroke-width="4" stroke-linejoin="round" opacity=".9"/>
<rect width="${W}" height="${H}" fill="url(#vignette)"/>
<rect width="${W}" height="${H}" filter="url(#grain)"/>
</svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><body></body>');
  for (const width of [800, 1600]) {
    const data = await page.evaluate(
      async ({ svg, width, height }) => {
        const img = new Image();
        img.src = `data:image/svg+xml;base64,${btoa(svg)}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d').drawImage(img, 0, 0, width, height);
        return canvas.toDataURL('image/webp', width > 1000 ? 0.62 : 0.7);
      },
      { svg, width, height: (width * H) / W },
    );
    const bytes = Buffer.from(data.split(',')[1], 'base64');
    writeFileSync(new URL(`../public/images/hero-pitch-${width}.webp`, import.meta.url), bytes);
    console.log(`hero-pitch-${width}.webp: ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
