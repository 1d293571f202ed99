/**
 * What the server bundle gets for `react-router-dom` (scripts/build.mjs SERVER_ROUTER): the package itself, used
 * through its public API only (StaticRouter in ui/entry-server.tsx), so an upgrade of react-router cannot break a copy
 * of its internals. Kept as a module only while the build still names it.
 */
export * from 'react-router-dom';
