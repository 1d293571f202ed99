/**
 * The shell's overlays shared by both layouts (spec catalogue §2.4): notifications, modal host, cookie banner,
 * offline badge, microcart, loader, progress bar. Filled in as those components are built.
 */
export function ShellExtras() {
  return null;
}
