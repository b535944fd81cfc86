import { club } from '../../shared/club';

/**
 * The club crest: the uploaded one (Settings → Club), shown as an image only, never inline (an SVG
 * upload is sanitised and served as an image, ADR 058). Without one: a shield
 * edged in the secondary colour on the primary, with a football and a river, drawn in the club's
 * colours (the CSS custom properties). Paths only (no text, no ids): crisp at favicon size, and it can
 * appear twice on a page. The favicon is the same drawing (server/club-files.ts).
 */
export function Crest({ className = 'size-10', url = club().crest_url }: { className?: string; url?: string }) {
  if (url) return <img src={url} alt="" aria-hidden="true" className={`shrink-0 object-contain ${className}`} />;
  return (
    <svg aria-hidden="true" viewBox="0 0 64 72" className={`shrink-0 ${className}`}>
      <path d="M32 1 62 8.5V34c0 18.6-12.6 30.2-30 37C14.6 64.2 2 52.6 2 34V8.5Z" className="fill-gold-400" />
      <path d="M32 5.2 57.8 11.7V34c0 15.9-10.7 26.1-25.8 32.4C16.9 60.1 6.2 49.9 6.2 34V11.7Z" className="fill-brand-800" />
      <circle cx="32" cy="31" r="12" fill="#fff" />
      <path d="M32 26.4 36.37 29.58 34.7 34.72H29.3L27.63 29.58Z" className="fill-brand-800" />
      <path
        d="M32 26.4V19M36.37 29.58 43.41 27.29M34.7 34.72 39.05 40.71M29.3 34.72 24.95 40.71M27.63 29.58 20.59 27.29"
        className="stroke-brand-800"
        strokeWidth="1.6"
      />
      <path d="M11 49q5.25-4 10.5 0t10.5 0 10.5 0 10.5 0" fill="none" className="stroke-gold-400" strokeWidth="3" strokeLinecap="round" />
      <path d="M16 56q4-3.4 8 0t8 0 8 0 8 0" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}
