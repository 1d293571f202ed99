/** spec catalogue §9 and transactions §9: the screen's timings, breakpoints, sizes and progress bar (part of ShopConfig, core/config.ts). */

export const UI_DEFAULTS = {
  ui: {
    desktopFromPx: 1024,
    backToTopHeaderPx: 600,
    backToTopShellPx: 200,
    notificationZIndex: 1000,
    megaMenuMaxWidthPx: 1240,
    footerMaxWidthPx: 1272,
    bottomNavHeightRem: 3.75,
    cookieBarMinHeightRem: 3,
    progress: {
      tickMs: 100,
      max: 99,
      durationMs: 3000,
      thicknessPx: 2,
      color: '#2e7d32',
      failedColor: '#c62828',
      /** spec catalogue §2.4: a route change shows the bar only once it has taken this long */
      routeChangeDelayMs: 300,
    },
  },
};
