/**
 * The server bundle's Link (ui/edge/server-router.ts) writes the same <a> as react-router's, byte for byte, for the
 * targets the shop uses and the ones that need react-router's resolution (relative paths, '..', '.', query and hash,
 * trailing slashes, dot segments, a basename), rendered at different routes and locations, twice (the second time
 * from the hrefs it kept).
 */
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Link as UpstreamLink, Route, Routes, StaticRouter } from 'react-router-dom';
import { Link as ServerLink } from './server-router';

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

function page(Link: typeof UpstreamLink, location: string, basename?: string): string {
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
    <StaticRouter location={location} {...(basename ? { basename } : {})}>
      <Routes>
        <Route path="/inpakpapier/*" element={links} />
        <Route path="/p/:sku" element={links} />
        <Route path="*" element={links} />
      </Routes>
    </StaticRouter>,
  );
}

describe('the server bundle Link', () => {
  for (const basename of [undefined, '/shop']) {
    for (const location of ['/', '/inpakpapier/kerst/', '/inpakpapier/kerst?x=1', '/p/sku-1', '/other/deep/page']) {
      it(`writes react-router's <a> at ${location}${basename ? ` under ${basename}` : ''}, also from the hrefs it kept`, () => {
        const at = basename ? `${basename}${location}` : location;
        const upstream = page(UpstreamLink, at, basename);
        expect(upstream).toContain('href=');
        expect(page(ServerLink as typeof UpstreamLink, at, basename)).toBe(upstream);
        expect(page(ServerLink as typeof UpstreamLink, at, basename)).toBe(upstream);
      });
    }
  }
});
