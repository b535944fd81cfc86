/**
 * The drawn crest (app/components/crest.tsx) as an SVG file in the club's colours: the favicon and
 * the manifest's icon of a club without an uploaded crest (issue 33).
 */
export function drawnCrestSvg(primary: string, secondary: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 72"><path d="M32 1 62 8.5V34c0 18.6-12.6 30.2-30 37C14.6 64.2 2 52.6 2 34V8.5Z" fill="${secondary}"/><path d="M32 5.2 57.8 11.7V34c0 15.9-10.7 26.1-25.8 32.4C16.9 60.1 6.2 49.9 6.2 34V11.7Z" fill="${primary}"/><circle cx="32" cy="31" r="12" fill="#fff"/><path d="M32 26.4 36.37 29.58 34.7 34.72H29.3L27.63 29.58Z" fill="${primary}"/><path d="M32 26.4V19M36.37 29.58 43.41 27.29M34.7 34.72 39.05 40.71M29.3 34.72 24.95 40.71M27.63 29.58 20.59 27.29" stroke="${primary}" stroke-width="1.6"/><path d="M11 49q5.25-4 10.5 0t10.5 0 10.5 0 10.5 0" fill="none" stroke="${secondary}" stroke-width="3" stroke-linecap="round"/><path d="M16 56q4-3.4 8 0t8 0 8 0 8 0" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/></svg>`;
}
