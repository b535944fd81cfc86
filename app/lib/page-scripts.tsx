import { createContext, useContext } from 'react';
import { preload } from 'react-dom';
import { useMatches } from 'react-router';

/**
 * The CSP nonce of the response being rendered, for the few inline scripts the layout writes
 * itself. Given by app/entry.server.tsx; absent in the browser, where nothing new is inlined.
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);

/**
 * A content page (home, squad, fixtures, news, about, sponsors…) exports `handle = { hydrate: false }`:
 * it has nothing interactive, so it is sent as HTML and CSS without React's JavaScript (ADR 025).
 */
export type PageHandle = { hydrate?: boolean };

/**
 * Whether this page loads React: false when the deepest route says `hydrate: false`. Decided by
 * the server render only: once React runs in the browser (an interactive page), it stays, and a
 * client-side navigation to a content page keeps its scripts.
 */
export function usePageHydrates() {
  const matches = useMatches();
  if (typeof document !== 'undefined') return true;
  const deepest = matches.at(-1)?.handle as PageHandle | undefined;
  return deepest?.hydrate !== false;
}

/**
 * The browser fetches a same-site page when the pointer rests on its link (or on pointer-down), so
 * the next content page arrives at once from the HTML cache. A JSON rule set, not a script.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: '/logout' } },
          { not: { href_matches: '/api/*' } },
          { not: { href_matches: '/calendar/*' } },
          { not: { href_matches: '/uploads/*' } },
          { not: { selector_matches: '[download], [target=_blank]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});

/**
 * The content (<main>) of a page sent without React, as rendered for an earlier request to the same
 * URL (server/cache.ts PageFragments, ADR 028): a signed-in visitor's page is its header, rendered
 * fresh, around that. Given by app/entry.server.tsx; the layout calls `renderedHere` when it renders
 * the content itself, so the server keeps it for the next request. A member's next request for the
 * same URL is then answered from the whole page kept, with their header (server/cache.ts memberPage).
 */
export type MainFragment = {
  stored: { html: string; imagePreloads: ImagePreload[] } | undefined;
  renderedHere: () => void;
  /** Called by the layout of every page sent without React: the server may keep the whole page too. */
  sentWithoutReact: () => void;
};
/** An image preload React wrote in <head>, by its attributes (href, imageSrcSet, imageSizes, fetchPriority). */
export type ImagePreload = Record<string, string>;

/** Preloads the images again, as React did when it rendered the content itself. */
export function preloadImagesAgain(preloads: ImagePreload[]) {
  for (const { href, imageSrcSet, imageSizes, fetchPriority } of preloads) {
    // preload() wants an href; a srcset-only preload gets the set's first image, which browsers
    // that read imagesrcset ignore.
    const url = href ?? imageSrcSet?.trim().split(/\s+/)[0];
    if (url) preload(url, { as: 'image', imageSrcSet, imageSizes, fetchPriority: fetchPriority as 'high' | 'low' | 'auto' | undefined });
  }
}
export const MainFragmentContext = createContext<MainFragment | undefined>(undefined);
