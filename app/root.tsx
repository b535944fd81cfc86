import { useContext, useEffect, useRef } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import displayFont from '@fontsource/barlow-condensed/files/barlow-condensed-latin-700-normal.woff2?url';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { ButtonLink } from './components/ui/button';
import { StaticPageContext } from './components/ui/link';
import { Toaster } from './components/ui/toast';
import { FALLBACK_SETTINGS } from '../shared/settings';
import { club, NEUTRAL_CLUB, pageTitle, setClub } from '../shared/club';
import { appIconUrl } from '../shared/app-icons';
import { clubCss } from './lib/club-style';
import { MainFragmentContext, preloadImagesAgain, SPECULATION_RULES, useNonce, usePageHydrates } from './lib/page-scripts';

export async function loader({ context }: Route.LoaderArgs) {
  // The host's own site (the hosting domain, issue 36): no club, so no club's settings or identity.
  if (context.hosting) {
    setClub(NEUTRAL_CLUB);
    return { user: null, settings: FALLBACK_SETTINGS, identity: NEUTRAL_CLUB, clubStyle: clubCss(NEUTRAL_CLUB), appleTouchIcon: undefined, hosting: true };
  }
  const [settings, identity] = await Promise.all([context.services.settings.get(), context.services.identity.get()]);
  // The route modules' titles and texts read the identity through club() (shared/club.ts), here as in the browser.
  setClub(identity);
  // The colours' CSS is worked out here, on the server: the palette code never reaches the browser.
  // The iPhone's icon names the crest's version (issue 35): worked out here, so app-icons never reaches the browser.
  return { user: context.user, settings, identity, clubStyle: clubCss(identity), appleTouchIcon: appIconUrl(identity, 'apple-touch-icon'), hosting: false };
}

// The stylesheet is a React resource (precedence), so it is written at the top of <head>, before the
// scripts' modulepreloads: the browser fetches it first and can paint before the JavaScript arrives.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'high' } as Route.LinkDescriptors[number],
  // Drawn from the club's crest, or its colours and initials (server/club-files.ts).
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  // The display face sets the hero heading and the header's wordmark: fetch it with the stylesheet,
  // not after it (ADR 021). The same hashed file the stylesheet's @font-face names.
  { rel: 'preload', href: displayFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  // Before anything below renders (titles, header, footer): the identity this page was made with.
  if (data?.identity) setClub(data.identity);
  const identity = club();
  const location = useLocation();
  const hydrates = usePageHydrates();
  const nonce = useNonce();
  // The content as rendered for this URL before (server only, pages without React): see MainFragment.
  const fragment = useContext(MainFragmentContext);
  if (fragment && !hydrates) fragment.sentWithoutReact();
  if (fragment && fragment.stored === undefined && !hydrates) fragment.renderedHere();
  // The images React preloaded when it rendered the content itself, preloaded again.
  if (fragment?.stored && !hydrates) preloadImagesAgain(fragment.stored.imagePreloads);
  // Tests and styles can tell when the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Disclosure menus (<details>) close when the page changes; not when React takes over the page
  // itself: a menu the visitor opened before that stays open (ADR 033).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    document.querySelectorAll('header details[open]').forEach((d) => d.removeAttribute('open'));
  }, [location.pathname]);

  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={identity.primary_colour} />
        {/* Added to an iPhone's Home Screen, the site opens as an app, under the club's short name and icon (issue 35). */}
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content={identity.short_name} />
        {data?.appleTouchIcon && <link rel="apple-touch-icon" href={data.appleTouchIcon} />}
        {/* The club's colours as custom properties (app/app.css points brand-* and gold-* at them), computed once per identity. */}
        <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: data?.clubStyle ?? '' }} />
        <Meta />
        <Links />
        {/* Escape and close-after-click for the header menus, and the home countdown: plain JS, so it
            also runs on pages served without React (ADR 021). */}
        <script src="/js/header.js" defer nonce={nonce} suppressHydrationWarning />
      </head>
      <body className="flex min-h-dvh flex-col font-sans antialiased">
        {/* A page sent without React has plain anchors for links (app/components/ui/link.tsx). */}
        <StaticPageContext value={!hydrates}>
          {data?.hosting ? <HostingHeader /> : <SiteHeader user={data?.user ?? null} />}
          {fragment?.stored !== undefined && !hydrates ? (
            <main id="main" className="flex-1" dangerouslySetInnerHTML={{ __html: fragment.stored.html }} />
          ) : (
            <main id="main" className="flex-1">
              {children}
            </main>
          )}
          {!data?.hosting && <SiteFooter settings={data?.settings ?? FALLBACK_SETTINGS} />}
        </StaticPageContext>
        <Toaster />
        {/* Content pages are HTML and CSS only (ADR 025): no React, no route modules, no modulepreload. */}
        {hydrates ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
        )}
        {/* Copy buttons and the like, on every page, with or without React (public/js/enhance.js). The
            nonce is known to the server render only (browsers hide it), hence no hydration warning. */}
        <script src="/js/enhance.js" defer nonce={nonce} suppressHydrationWarning />
      </body>
    </html>
  );
}

/** The host's own site's header: no club's name, links or sign-in. */
function HostingHeader() {
  return (
    <header className="bg-brand-800 px-4 py-3 text-white">
      <a href="/" className="inline-flex min-h-11 items-center font-extrabold">
        Club websites
      </a>
    </header>
  );
}

export default function App() {
  return <Outlet />;
}

/** Visitors see a friendly page, never a stack trace; the server log has the details. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const refused = isRouteErrorResponse(error) && (error.status === 403 || error.status === 401);
  const title = notFound ? 'Page not found' : refused ? 'Not for this login' : 'Something went wrong';
  const message = notFound
    ? "We couldn't find that page. It may have moved, or the link may be mistyped."
    : refused
      ? typeof error.data === 'string' && error.data
        ? error.data
        : 'This page is for other people in the club. Sign in with another login if you have one.'
      : 'Sorry, something went wrong on our side. Please try again in a moment.';
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{pageTitle(title)}</title>
      <p className="text-6xl font-black text-brand-800">{notFound ? '404' : refused ? '403' : 'Oops'}</p>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted">{message}</p>
      <ButtonLink to="/" className="mt-8">
        Back to the home page
      </ButtonLink>
    </section>
  );
}
