/**
 * Modals by name with an optional payload (spec transactions §2 "Modals used here": authentication (login or
 * register), order confirmation, newsletter, review).
 */
import { StateHolder } from '../state-holder';

export const MODALS = {
  signup: 'modal-signup',
  orderConfirmation: 'modal-order-confirmation',
  newsletter: 'modal-newsletter',
  review: 'modal-review',
} as const;

export type AuthModalMode = 'login' | 'register' | 'forgot-pass';

export type ModalState = Readonly<Record<string, { readonly payload?: unknown }>>;

export class ModalService extends StateHolder<ModalState> {
  constructor() {
    super({});
  }

  open(name: string, payload?: unknown): void {
    this.state.next({ ...this.state.value, [name]: payload === undefined ? {} : { payload } });
  }

  close(name: string): void {
    if (!(name in this.state.value)) return;
    const { [name]: _closed, ...rest } = this.state.value;
    this.state.next(rest);
  }

  /** spec transactions §2: anonymous users get the authentication modal in login mode */
  openAuth(mode: AuthModalMode = 'login'): void {
    this.open(MODALS.signup, { mode });
  }
}
