import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';

/**
 * The state every core service keeps (the house shape): `state$` (distinctUntilChanged), `snapshot()`, `hydrate()`
 * (a server-rendered page's state laid over the service's start), and `patch()` for the service's own commands.
 */
export abstract class StateHolder<S> {
  protected readonly state: BehaviorSubject<S>;
  readonly state$: Observable<S>;

  constructor(initial: S) {
    this.state = new BehaviorSubject(initial);
    this.state$ = this.state.pipe(distinctUntilChanged());
  }

  snapshot(): S {
    return this.state.value;
  }

  hydrate(state: S): void {
    this.state.next(state);
  }

  protected patch(p: Partial<S>): void {
    this.state.next({ ...this.state.value, ...p });
  }
}
