// Issue 10: the default locale's texts in two parts in the browser bundle. The first page loads the sections its code
// shows (ui/i18n/index.ts imports nl-NL.json: every section but these); the transaction half loads these with its code
// (ui/i18n/deferred-texts.ts imports nl-NL.json: these sections only). The server and the tests read the whole file;
// the locale files themselves stay as they are (one file per locale, keys merged between branches).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** sections only the transaction half's code shows (scripts/locale-split.test.ts checks the first page's code uses none) */
export const DEFERRED_SECTIONS = [
  'checkout',
  'cart',
  'user',
  'orderStatus',
  'account',
  'orderDetails',
  'order',
  'createPassword',
  'contactPage',
  'orderConfirmation',
  'coupon',
  'microcart',
  'country',
  // payment answers and labels (checkout, order status, order history) and the queue's task errors: keys only the
  // half's services and pages produce (issue 10, sixth pass)
  'payment',
  'queue',
];

/**
 * sections only some catalogue pages show, loaded with those pages' chunks (ui/i18n/info-page-texts.ts: the static
 * pages, the sitemap and the wholesale page import it; scripts/bench/client-budget.test.ts checks the first load's code
 * uses none)
 */
export const PAGE_SECTIONS = ['static', 'sitemap', 'wholesale'];

/**
 * deferred sections only the account pages show (my account, order details, create password, contact): loaded with
 * those pages' chunks (ui/i18n/account-page-texts.ts), not with the transaction half a checkout loads
 */
export const ACCOUNT_PAGE_SECTIONS = ['account', 'orderDetails', 'createPassword', 'contactPage'];

/** which part of the default locale a module gets, by the importing module */
const PARTS = [
  { importer: /ui\/i18n\/index\.ts$/, keep: (section) => !DEFERRED_SECTIONS.includes(section) && !PAGE_SECTIONS.includes(section) },
  { importer: /ui\/i18n\/deferred-texts\.ts$/, keep: (section) => DEFERRED_SECTIONS.includes(section) && !ACCOUNT_PAGE_SECTIONS.includes(section) },
  { importer: /ui\/i18n\/info-page-texts\.ts$/, keep: (section) => PAGE_SECTIONS.includes(section) },
  { importer: /ui\/i18n\/account-page-texts\.ts$/, keep: (section) => ACCOUNT_PAGE_SECTIONS.includes(section) },
];

export function localeSplitPlugin() {
  return {
    name: 'locale-split',
    setup(build) {
      build.onResolve({ filter: /nl-NL\.json$/ }, (args) => {
        const part = PARTS.findIndex((p) => p.importer.test(args.importer));
        if (part < 0) return undefined;
        return { path: join(args.resolveDir, args.path), namespace: 'locale-part', pluginData: part, suffix: `?part=${part}` };
      });
      build.onLoad({ filter: /.*/, namespace: 'locale-part' }, async (args) => {
        const all = JSON.parse(await readFile(args.path, 'utf8'));
        const keep = PARTS[args.pluginData].keep;
        return { contents: JSON.stringify(Object.fromEntries(Object.entries(all).filter(([section]) => keep(section)))), loader: 'json' };
      });
    },
  };
}
