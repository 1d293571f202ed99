/**
 * UI flags: sidebar, microcart, search panel, overlay, wishlist panel, loader, submenu
 * (spec transactions §2 minicart, §4 "toggle minicart"). Opening a panel shows the overlay; closing the last hides it.
 */
import { distinctUntilChanged, map, type Observable, type Subscription } from 'rxjs';
import { StateHolder } from '../state-holder';
import type { ProgressState } from './progress-service';

export interface UiFlags {
  readonly sidebar: boolean;
  readonly microcart: boolean;
  readonly searchpanel: boolean;
  readonly wishlist: boolean;
  readonly overlay: boolean;
  readonly loader: boolean;
  readonly submenu: readonly (string | number)[];
}

export const INITIAL_UI_FLAGS: UiFlags = {
  sidebar: false,
  microcart: false,
  searchpanel: false,
  wishlist: false,
  overlay: false,
  loader: false,
  submenu: [],
};

export type PanelName = 'sidebar' | 'microcart' | 'searchpanel' | 'wishlist';
const PANELS: readonly PanelName[] = ['sidebar', 'microcart', 'searchpanel', 'wishlist'];

export class UiFlagsService extends StateHolder<UiFlags> {
  constructor() {
    super(INITIAL_UI_FLAGS);
  }

  setPanel(panel: PanelName, open: boolean): void {
    const next = { ...this.state.value, [panel]: open };
    // one side panel at a time; the overlay follows whether any panel is open
    if (open) for (const p of PANELS) if (p !== panel) next[p] = false;
    next.overlay = PANELS.some((p) => next[p]);
    this.state.next(next);
  }

  togglePanel(panel: PanelName): void {
    this.setPanel(panel, !this.state.value[panel]);
  }

  closeAll(): void {
    this.patch({ sidebar: false, microcart: false, searchpanel: false, wishlist: false, overlay: false, submenu: [] });
  }

  /** spec catalogue §2.9 "Loader": on while a progress with a message (a named task, not a route change) runs. */
  followProgress(progress$: Observable<ProgressState>): Subscription {
    return progress$
      .pipe(map((p) => p.active && p.message !== undefined && p.percent < 100), distinctUntilChanged())
      .subscribe((loader) => this.patch({ loader }));
  }

  openSubmenu(id: string | number, depth: number): void {
    const submenu = [...this.state.value.submenu.slice(0, depth), id];
    this.patch({ submenu });
  }

  closeSubmenu(depth = 0): void {
    this.patch({ submenu: this.state.value.submenu.slice(0, depth) });
  }
}
