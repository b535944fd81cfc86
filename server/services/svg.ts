import sanitizeHtml from 'sanitize-html';

/**
 * SVG images (a club's crest, issue 33) are cleaned before they are stored: only drawing elements and
 * presentation attributes on an allow-list stay; no script, no event handlers (on*), no style
 * elements or attributes, no foreignObject, no link to anything outside the file (href only to
 * "#id", url() only to "#id"). They are also served with a sandboxing Content-Security-Policy
 * (SVG_CONTENT_SECURITY_POLICY) and shown only through <img>, so even a cleaning miss runs nothing.
 */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const SVG_ELEMENTS = [
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern',
];

const SVG_ATTRIBUTES = [
  'xmlns', 'xmlns:xlink', 'version', 'id', 'class', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry',
  'd', 'points', 'transform', 'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'clip-path', 'mask', 'preserveAspectRatio',
  'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'fx', 'fy', 'patternUnits',
  'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'font-family', 'font-size', 'font-weight',
  'font-style', 'letter-spacing', 'text-anchor', 'dominant-baseline', 'dx', 'dy', 'role', 'aria-hidden', 'aria-label', 'aria-labelledby',
  'href', 'xlink:href', 'visibility', 'display',
];

/** A reference inside the file ("#shield") is all an href or url() may name. */
const internalOnly = (value: string) => value.trim().startsWith('#');
const URL_REF = /url\(\s*['"]?([^)'"]*)/gi;

function cleanAttributes(attribs: Record<string, string>) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if ((name === 'href' || name === 'xlink:href') && !internalOnly(value)) continue;
    if ([...value.matchAll(URL_REF)].some((m) => !internalOnly(m[1]))) continue;
    kept[name] = value;
  }
  return kept;
}

/** Whether these bytes are an SVG document (text whose first element is <svg>). */
export function looksLikeSvg(bytes: Uint8Array) {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 2048)).replace(/^\uFEFF/, '');
  const rest = head.replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, '');
  return /^<svg[\s>]/i.test(rest);
}

/** The cleaned SVG, or null when nothing drawable is left (not an SVG at all). */
export function sanitizeSvg(source: string): string | null {
  const cleaned = sanitizeHtml(source, {
    allowedTags: SVG_ELEMENTS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    // Elements that are not drawing are dropped with what they hold (a <script>'s text, a <style>'s rules).
    nonTextTags: ['script', 'style', 'foreignObject', 'iframe', 'noscript', 'textarea', 'option'],
    disallowedTagsMode: 'discard',
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(attribs) }) },
  }).trim();
  return /^<svg[\s>]/.test(cleaned) ? cleaned : null;
}
