import { createContext, useContext, type ComponentProps } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink, useLocation } from 'react-router';

/**
 * True while the server renders a page that is sent without React (ADR 025). There is no router in
 * the browser to hand a click to, so its links are plain anchors: the same markup React Router's
 * <Link> writes for an absolute path, without the router's work per link (resolving the path
 * against the route, the navigation state, the discovery attribute). That work is most of a
 * signed-in member's content page render, which is made for every request (ADR 028).
 */
export const StaticPageContext = createContext(false);

type LinkProps = ComponentProps<typeof RouterLink>;
type NavLinkProps = ComponentProps<typeof RouterNavLink>;

/** A site path written as a string ("/news?page=2"): the only `to` a plain anchor can take as it is. */
function staticHref(to: LinkProps['to']): string | null {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') ? to : null;
}

/** React Router's <Link>; a plain <a> on a page sent without React. */
function ServerLink(props: LinkProps) {
  const isStatic = useContext(StaticPageContext);
  const href = isStatic ? staticHref(props.to) : null;
  if (href === null) return <RouterLink {...props} />;
  const { to: _to, prefetch: _p, reloadDocument: _r, replace: _re, state: _s, preventScrollReset: _ps, relative: _rel, viewTransition: _v, discover: _d, target, ...anchor } = props;
  // Attributes in React Router's order, so the markup is the same but for data-discover.
  return <a {...anchor} href={href} target={target} />;
}

/**
 * React Router's <NavLink>; on a page sent without React, a plain <a> with the same active state
 * (aria-current="page", the "active" class, the className function's isActive), by React Router's
 * rule: the path, or a path under it unless `end`, case-insensitively.
 */
function ServerNavLink(props: NavLinkProps) {
  const isStatic = useContext(StaticPageContext);
  const href = isStatic ? staticHref(props.to) : null;
  const { pathname } = useLocation();
  if (href === null) return <RouterNavLink {...props} />;
  const { to: _to, prefetch: _p, reloadDocument: _r, replace: _re, state: _s, preventScrollReset: _ps, relative: _rel, viewTransition: _v, discover: _d, end, caseSensitive, className, style, children, target, ...anchor } = props;
  const destination = href.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');
  const [here, there] = caseSensitive ? [pathname, destination] : [pathname.toLowerCase(), destination.toLowerCase()];
  const isActive = here === there || (!end && there !== '/' && here.startsWith(there) && here.charAt(there.length) === '/');
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <a
      {...anchor}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ')}
      style={typeof style === 'function' ? style(state) : style}
      href={href}
      target={target}
    >
      {typeof children === 'function' ? children(state) : children}
    </a>
  );
}

// In the browser these are React Router's own components: the build drops the server's variants.
export const Link = (import.meta.env.SSR ? ServerLink : RouterLink) as typeof RouterLink;
export const NavLink = (import.meta.env.SSR ? ServerNavLink : RouterNavLink) as typeof RouterNavLink;
