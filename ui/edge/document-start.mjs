// What every HTML document the shop serves opens with, the rendered pages (ui/entry-server.tsx) and the offline page
// the build writes (scripts/build-pwa.mjs); plain JavaScript, so the build script imports it as it is.

/** the shop's accent colour (ui/styles.css --accent): the browser's UI and the web app manifest */
export const THEME_COLOUR = '#a8323e';

/** the document up to the head's own tags: doctype, the language (`lang`, already escaped), charset, viewport, theme colour */
export const documentStart = (lang) => `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOUR}">`;
