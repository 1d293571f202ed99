// Issue 10: react-router's top level keeps code no page uses in the browser bundle. Its ESM build assigns
// `X.displayName = "..."` to every context and component (HistoryRouter, NavLink, Form, ScrollRestoration, the data
// router's contexts, ...) and creates contexts and components with plain calls (`React.createContext(...)`,
// `React.forwardRef(...)`, `React.memo(...)`, `new URL(...)`), which esbuild must keep as possible side effects: with
// them everything those reference stays, ~10 KB minified (3 KB gz) of every first load. This plugin hands esbuild the
// same source with the assignments dropped (a displayName is read only by React's developer tools) and those calls
// marked `/* @__PURE__ */`, so tree shaking removes what nothing imports; what is imported is the same code.
// The server bundle and the tests run the package as it is.
//
// Also: Link renders `<PrefetchPageLinks>` beside its <a> only when `shouldPrefetch`, which react-router's
// usePrefetchBehavior answers false whenever no FrameworkContext is above it (framework mode: HydratedRouter,
// ServerRouter). The shop renders a BrowserRouter (ui/entry-client.tsx) and never that context, so the branch is dead
// here; it reached the route manifest's prefetch code (link descriptors, single-fetch URLs, RSC prefetch): 5 KB
// minified, 1.6 KB gz. `markPure` drops it; scripts/pure-packages.test.ts checks the shop's code names none of
// framework mode's routers or that context.
import { readFile } from 'node:fs/promises';

/** the package files the rewrite applies to (react-router's ESM builds, development and production) */
export const PURE_FILES = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](?:development|production)[\\/][^\\/]+\.mjs$/;

/**
 * The rewrite of one file. Answers the new source and how many statements it changed (a test checks the package still
 * has the shape it expects: scripts/pure-packages.test.ts).
 */
export function markPure(source) {
  let changed = 0;
  const count = (f) => (...args) => {
    changed++;
    return f(...args);
  };
  let code = source
    // a top-level `Name.displayName = "Name";` statement (column 0: nothing inside a function)
    .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, count(() => ''))
    // a top-level `var X = React.createContext(` / forwardRef / memo, `new URL(`, and `Object.getOwnPropertyNames(`
    .replace(/^(var [A-Za-z_$][\w$]* = )((?:React\d*\.(?:createContext|forwardRef|memo)|new URL|Object\.getOwnPropertyNames)\()/gm, count((_, decl, call) => `${decl}/* @__PURE__ */ ${call}`));
  // Link's framework-mode prefetch (above): its <a> alone
  const prefetch = 'return shouldPrefetch && !isAbsolute ? /* @__PURE__ */ React10.createElement(React10.Fragment, null, link, /* @__PURE__ */ React10.createElement(PrefetchPageLinks, { page: href })) : link;';
  if (code.includes(prefetch)) {
    changed++;
    return { code: code.replace(prefetch, 'return link;'), changed, prefetchDropped: true };
  }
  return { code, changed, prefetchDropped: false };
}

export function purePackagesPlugin() {
  return {
    name: 'pure-packages',
    setup(build) {
      build.onLoad({ filter: PURE_FILES }, async (args) => ({ contents: markPure(await readFile(args.path, 'utf8')).code, loader: 'js' }));
    },
  };
}
