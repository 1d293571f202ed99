// The installable, offline part of the build: app icons (ui/icons), the web app manifest, the offline page per locale,
// the precache manifest (from the client build's metafile) and the Workbox service worker bundled with it.
// Called by scripts/build.mjs once the client bundle is written.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { documentStart, THEME_COLOUR } from '../ui/edge/document-start.mjs';

/** The offline page's locale when the `locale` cookie cannot be read: DEFAULT_CONFIG's (build-pwa.test.ts checks). */
export const DEFAULT_LOCALE = 'nl-NL';
export { THEME_COLOUR };
/** the shop's paper colour (ui/styles.css --paper) */
export const BACKGROUND_COLOUR = '#fffdf8';
/** The app icons, ui/icons/*.png, copied to dist/client/icons (served under /dist/) */
export const ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/icon-maskable-192.png', size: 192, purpose: 'maskable' },
  { file: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
];
export const offlinePageFile = (locale) => `offline/${locale}.html`;

/** The web app manifest (served as /manifest.webmanifest): the shop's name and texts in its default language. */
export function webManifest(texts) {
  return {
    id: '/',
    name: texts.pwa.name,
    short_name: texts.pwa.shortName,
    description: texts.pwa.description,
    lang: 'nl',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: ICONS.map((i) => ({
      src: `/dist/${i.file}`, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose,
    })),
  };
}

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (s) => String(s).replace(/[&<>"]/g, (c) => ENTITIES[c]);

/**
 * The worker's answer to a navigation when the network fails and the page was never visited: static, translated
 * (pwa.offlinePage), styled by the precached stylesheet, no script. Retry is an empty href: the address asked for.
 */
export function renderOfflinePage(locale, texts, css) {
  const t = Object.fromEntries(Object.entries(texts.pwa.offlinePage).map(([k, v]) => [k, escapeHtml(v)]));
  return `${documentStart(escapeHtml(locale.slice(0, 2)))}
<title>${t.title}</title>
${css.map((c) => `<link rel="stylesheet" href="/dist/${escapeHtml(c)}">`).join('\n')}
</head>
<body>
<header class="offline-page__header">
<a href="/" class="offline-page__logo" aria-label="${t.homeLabel}">${escapeHtml(texts.pwa.shortName)}</a>
</header>
<main id="main" class="offline-page">
<h1>${t.heading}</h1>
<p>${t.text}</p>
<p class="offline-page__actions">
<a class="button button--primary" href="">${t.retry}</a> <a class="button" href="/">${t.home}</a>
</p>
</main>
</body>
</html>
`;
}

/** the client build's files (the metafile's paths are relative to `root`), relative to `clientDir` */
const clientFiles = (clientDir, metafile, root) =>
  Object.keys(metafile.outputs).map((f) => relative(clientDir, join(root, f))).filter((f) => !f.startsWith('..'));

const md5 = (buf) => createHash('md5').update(buf).digest('hex');

/**
 * What the worker precaches: every JavaScript and CSS file of the client build (from its metafile, whose paths are
 * relative to `root`) and the `extra` files of `clientDir` (the offline pages, the icons). Each with the hash of its
 * content as revision: a new build changes the list and so the worker's script, which is how the browser finds the
 * update.
 */
export async function precacheEntries(clientDir, metafile, root, extra) {
  const fromBuild = clientFiles(clientDir, metafile, root).filter((f) => /\.(js|css)$/.test(f));
  const files = [...new Set([...fromBuild, ...extra])].sort();
  const entry = async (f) => ({ url: `/dist/${f}`, revision: md5(await readFile(join(clientDir, f))) });
  return Promise.all(files.map(entry));
}

/**
 * Writes icons, web manifest and offline pages into `${dist}/client`, then bundles ui/sw.ts into `${dist}/client/sw.js`
 * with the precache manifest. Answers the number of precached files and their bytes.
 */
export async function buildPwa({ root, dist, metafile, quiet = false }) {
  const clientDir = join(dist, 'client');
  await cp(join(root, 'ui/icons'), join(clientDir, 'icons'), { recursive: true });
  await mkdir(join(clientDir, 'offline'), { recursive: true });

  // each locale's first-load texts (ui/i18n/<locale>/common.json): the web app manifest's and the offline page's
  const locales = (await readdir(join(root, 'ui/i18n'))).filter((f) => /^[a-z]{2}-[A-Z]{2}$/.test(f));
  const textsOf = async (l) => JSON.parse(await readFile(join(root, 'ui/i18n', l, 'common.json'), 'utf8'));
  const texts = Object.fromEntries(await Promise.all(locales.map(async (l) => [l, await textsOf(l)])));
  await writeFile(join(clientDir, 'manifest.webmanifest'), JSON.stringify(webManifest(texts[DEFAULT_LOCALE]), null, 2));
  const css = clientFiles(clientDir, metafile, root).filter((f) => f.endsWith('.css'));
  for (const l of locales) await writeFile(join(clientDir, offlinePageFile(l)), renderOfflinePage(l, texts[l], css));

  const smallIcons = ICONS.filter((i) => i.size === 192).map((i) => i.file);
  const entries = await precacheEntries(clientDir, metafile, root, [...locales.map(offlinePageFile), ...smallIcons]);
  const offlinePages = Object.fromEntries(locales.map((l) => [l, `/dist/${offlinePageFile(l)}`]));
  // the service worker lives at the site root (its scope is the whole shop), so its name carries no hash
  await build({
    absWorkingDir: root, entryPoints: ['ui/sw.ts'], outfile: join(clientDir, 'sw.js'),
    bundle: true, format: 'iife', platform: 'browser', target: ['es2022'], minify: true,
    define: {
      'process.env.NODE_ENV': '"production"',
      __PRECACHE_MANIFEST__: JSON.stringify(entries),
      __OFFLINE_PAGES__: JSON.stringify(offlinePages),
      __DEFAULT_LOCALE__: JSON.stringify(DEFAULT_LOCALE),
      __BUILD_ID__: JSON.stringify(md5(JSON.stringify(entries)).slice(0, 12)),
    },
    logLevel: quiet ? 'error' : 'warning',
  });
  let bytes = 0;
  for (const e of entries) bytes += (await readFile(join(clientDir, e.url.slice('/dist/'.length)))).length;
  return { files: entries.length, bytes };
}
