// @vitest-environment jsdom
/**
 * The browser bundle's Link (ui/app/client-router.ts) writes the same <a> as react-router's for the targets the shop
 * uses and those that need react-router's resolution, at different routes and locations; mounted, a click navigates as
 * upstream's does (push, `replace`, `state`), a click its own handler prevents or a modified click does not, and a link
 * to another origin or with `reloadDocument` is left to the browser.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, type Root } from 'react-dom/client';
import { Link as UpstreamLink, MemoryRouter, Route, Routes, StaticRouter, useLocation } from 'react-router-dom';
import { AppNavigate, Link as ClientLink } from './client-router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TARGETS = ['/', '/inpakpapier/kerst', '/inpakpapier/kerst/', '/inpakpapier/kerst?sort=price%3Aasc&page=2', '/p/sku-1#reviews', '/a/../b/./c', 'relative', '../up', '.', '', '?page=2', '#top', '//evil.example/x', 'https://example.com/x', `${location.origin}/own`];

function page(Link: typeof UpstreamLink, at: string): string {
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
      <Link to={{ pathname: '/obj', search: '?q=1' }} reloadDocument>
        obj
      </Link>
    </>
  );
  return renderToString(
    <StaticRouter location={at}>
      <Routes>
        <Route path="/inpakpapier/*" element={links} />
        <Route path="*" element={links} />
      </Routes>
    </StaticRouter>,
  );
}

describe('the browser bundle Link', () => {
  for (const at of ['/', '/inpakpapier/kerst/', '/inpakpapier/kerst?x=1', '/p/sku-1', '/other/deep/page']) {
    it(`writes react-router's <a> at ${at}`, () => {
      const upstream = page(UpstreamLink, at);
      expect(upstream).toContain('href=');
      expect(page(ClientLink as typeof UpstreamLink, at)).toBe(upstream);
    });
  }

  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  function Where() {
    const l = useLocation();
    return <output>{`${l.pathname}${l.search}|${String(l.state)}`}</output>;
  }

  function mount(): { where: () => string; link: (name: string) => HTMLAnchorElement } {
    const el = document.createElement('div');
    document.body.append(el);
    act(() => {
      root = createRoot(el);
      root.render(
        <MemoryRouter initialEntries={['/start']}>
          <AppNavigate>
          <Where />
          <ClientLink to="/next?x=1" state="s">
            next
          </ClientLink>
          <ClientLink to="/replaced" replace>
            replaced
          </ClientLink>
          <ClientLink to="/never" onClick={(e) => e.preventDefault()}>
            prevented
          </ClientLink>
          <ClientLink to={`${location.origin}/own?y=2`}>own</ClientLink>
          <ClientLink to="https://elsewhere.example/x">elsewhere</ClientLink>
          <ClientLink to="/reload" reloadDocument>
            reload
          </ClientLink>
          <ClientLink to="../up?z=3">relative</ClientLink>
          </AppNavigate>
        </MemoryRouter>,
      );
    });
    return {
      where: () => el.querySelector('output')!.textContent!,
      link: (name) => [...el.querySelectorAll('a')].find((a) => a.textContent === name)!,
    };
  }

  /** a click as the browser dispatches it; true when nothing prevented the browser's own navigation */
  const click = (a: HTMLAnchorElement, init: MouseEventInit = {}) => {
    let result = true;
    act(() => void (result = a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }))));
    return result;
  };

  it('navigates in the app on a plain click, as upstream', () => {
    const { where, link } = mount();
    expect(where()).toBe('/start|null');
    expect(click(link('next'), { ctrlKey: true })).toBe(true);
    expect(where()).toBe('/start|null');
    expect(click(link('next'))).toBe(false);
    expect(where()).toBe('/next?x=1|s');
    expect(click(link('prevented'))).toBe(false);
    expect(where()).toBe('/next?x=1|s');
    expect(click(link('own'))).toBe(false);
    expect(where()).toBe('/own?y=2|null');
    expect(link('own').getAttribute('href')).toBe(`${location.origin}/own?y=2`);
    // a path react-router resolves: its href, and the app navigates to it
    expect(link('relative').getAttribute('href')).toBe('/up?z=3');
    expect(click(link('relative'))).toBe(false);
    expect(where()).toBe('/up?z=3|null');
  });

  it('replaces the entry of a link to the current location, as upstream', () => {
    const { where, link } = mount();
    window.history.replaceState(null, '', '/replaced');
    expect(click(link('replaced'))).toBe(false);
    expect(where()).toBe('/replaced|null');
  });

  it('leaves another origin and reloadDocument to the browser', () => {
    const { where, link } = mount();
    // jsdom does not load documents: an unprevented click is what the browser would follow
    expect(click(link('elsewhere'))).toBe(true);
    expect(click(link('reload'))).toBe(true);
    expect(link('reload').getAttribute('href')).toBe('/reload');
    expect(where()).toBe('/start|null');
  });
});
