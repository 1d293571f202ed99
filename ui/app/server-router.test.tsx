/**
 * The server bundle's Link and Routes (ui/app/server-router.ts) write the same HTML as react-router's, byte for byte:
 * Link for the targets the shop uses and the ones that need react-router's resolution (relative paths, '..', '.', query
 * and hash, trailing slashes, dot segments, a basename), rendered at different routes and locations, twice; Routes for a
 * table like the shop's at paths each route matches, and none, with what each route reads of react-router.
 */
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { useContext } from 'react';
import { Link as UpstreamLink, Route, Routes, StaticRouter, UNSAFE_RouteContext, useLocation, useParams, useResolvedPath } from 'react-router-dom';
import { Link as ServerLink, Routes as ServerRoutes, StaticRouter as ServerStaticRouter } from './server-router';

const TARGETS = [
  '/',
  '/inpakpapier/kerst',
  '/inpakpapier/kerst/',
  '/inpakpapier/kerst?sort=price%3Aasc&page=2',
  '/p/sku-1#reviews',
  '/a/../b/./c',
  '/a//b',
  '/%E2%82%AC uro',
  'relative',
  'relative/',
  '../up',
  '.',
  '',
  '?page=2',
  '#top',
  '//evil.example/x',
  'https://example.com/x',
];

function page(Link: typeof UpstreamLink, location: string, basename?: string, Router = StaticRouter): string {
  const links = (
    <>
      {TARGETS.map((to) => (
        <Link key={to} to={to} className="c" aria-label={`to ${to}`} data-x="1">
          {to}
        </Link>
      ))}
      <Link to="/x" relative="path" target="_blank" replace discover="none">
        x
      </Link>
      <Link to="rel" relative="path">
        rel
      </Link>
    </>
  );
  return renderToString(
    <Router location={location} {...(basename ? { basename } : {})}>
      <Routes>
        <Route path="/inpakpapier/*" element={links} />
        <Route path="/p/:sku" element={links} />
        <Route path="*" element={links} />
      </Routes>
    </Router>,
  );
}

describe('the server bundle Link', () => {
  for (const basename of [undefined, '/shop']) {
    for (const location of ['/', '/inpakpapier/kerst/', '/inpakpapier/kerst?x=1', '/p/sku-1', '/other/deep/page']) {
      it(`writes react-router's <a> at ${location}${basename ? ` under ${basename}` : ''}`, () => {
        const at = basename ? `${basename}${location}` : location;
        const upstream = page(UpstreamLink, at, basename);
        expect(upstream).toContain('href=');
        expect(page(ServerLink as typeof UpstreamLink, at, basename)).toBe(upstream);
        // the hrefs of absolute paths kept by the server's router, from the renders at other locations before
        expect(page(ServerLink as typeof UpstreamLink, at, basename, ServerStaticRouter)).toBe(upstream);
        expect(page(ServerLink as typeof UpstreamLink, at, basename, ServerStaticRouter)).toBe(upstream);
      });
    }
  }
});

/**
 * what a route shows: its name, its params and the location, as react-router gives them to it, and the route context's
 * matches (route id, path and index flag, params, pathname and pathname base) with a relative path resolved against them
 */
function Shown({ name }: { name: string }) {
  const params = useParams();
  const location = useLocation();
  const { matches, outlet } = useContext(UNSAFE_RouteContext);
  const seen = matches.map((m) => [m.route.id, m.route.path, m.route.index, m.params, m.pathname, m.pathnameBase]);
  const relative = useResolvedPath('rel/x').pathname;
  const up = useResolvedPath('..').pathname;
  return <p data-route={name}>{`${JSON.stringify(params)} ${location.pathname}${location.search} ${JSON.stringify(seen)} ${outlet === null} ${relative} ${up}`}</p>;
}

/** a flat table like the shop's (ui/app/routes.tsx): static, param, optional and splat paths, an index, a case-sensitive one */
const TABLE: Array<{ path?: string; index?: boolean; caseSensitive?: boolean }> = [
  { index: true },
  { path: '/' },
  { path: '/checkout' },
  { path: '/Sale', caseSensitive: true },
  { path: '/p/:sku' },
  { path: '/p/:sku/:child?' },
  { path: '/c/:slug' },
  { path: '/order/:id/status' },
  { path: '/i/:category/*' },
  { path: '/about-us' },
  { path: '/:lang?/help' },
  { path: '*' },
];

/** the table's <Route>s as one array, as the shop's App gives its table (the server's Routes keeps its answers by it) */
const ELEMENTS = [
  ...TABLE.map((r, i) => (
    <Route key={i} {...(r.index ? { index: true } : { path: r.path })} caseSensitive={r.caseSensitive} element={<Shown name={`${i} ${r.path ?? 'index'}`} />} />
  )),
  <Route key="n" path="/n" element={<Shown name="n" />}>
    <Route path="m" element={<Shown name="n/m" />} />
  </Route>,
];

function routed(R: typeof Routes, location: string, basename?: string, Router = StaticRouter): string {
  return renderToString(
    <Router location={location} {...(basename ? { basename } : {})}>
      <R>{ELEMENTS}</R>
    </Router>,
  );
}

describe('the server bundle Routes', () => {
  const PATHS = ['/', '/checkout', '/Sale', '/sale', '/p/sku-1', '/p/sku-1/red', '/c/kerst', '/c/%E2%82%AC', '/order/7/status',
    '/i/kerst/a/b', '/about-us/', '/ABOUT-US', '/nl/help', '/help', '/nowhere/at/all', '/p/', '/n/m'];
  for (const basename of [undefined, '/shop']) {
    for (const path of PATHS) {
      it(`renders react-router's route at ${path}${basename ? ` under ${basename}` : ''}, twice`, () => {
        const at = basename ? `${basename}${path}` : path;
        const upstream = routed(Routes, at, basename);
        expect(upstream).toContain('data-route');
        expect(routed(ServerRoutes, at, basename)).toBe(upstream);
        // under the server's router, the second render is the element kept from the first
        expect(routed(ServerRoutes, at, basename, ServerStaticRouter)).toBe(upstream);
        expect(routed(ServerRoutes, at, basename, ServerStaticRouter)).toBe(upstream);
      });
    }
  }

  it('leaves a nested table, nested routes and a location of its own to react-router', () => {
    // one table rendered nested and at the top, at the same location: two answers
    const inner = [
      <Route key="p" path="p/:sku" element={<Shown name="inner" />} />,
      <Route key="*" path="*" element={<Shown name="top" />} />,
    ];
    const nested = (R: typeof Routes, Router = StaticRouter) =>
      renderToString(
        <Router location="/i/kerst/p/sku-2">
          <R>
            <Route path="/i/:category/*" element={<R>{inner}</R>} />
            <Route path="/x" element={<Shown name="x" />}>
              <Route path="y" element={<Shown name="y" />} />
            </Route>
          </R>
          <R>{inner}</R>
          <R location="/x">
            <Route path="/x" element={<Shown name="x" />} />
            <Route path="*" element={<Shown name="any" />} />
          </R>
        </Router>,
      );
    expect(nested(Routes)).toContain('data-route="inner"');
    expect(nested(Routes)).toContain('data-route="top"');
    expect(nested(ServerRoutes as typeof Routes, ServerStaticRouter)).toBe(nested(Routes));
    expect(nested(ServerRoutes as typeof Routes, ServerStaticRouter)).toBe(nested(Routes));
  });
});
