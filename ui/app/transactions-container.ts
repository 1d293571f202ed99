import type { Container } from 'inversify';
import { browserContainerOver } from '../../adapters/browser-container-over';
import { attachTransactions } from '../../adapters/bindings-transactions';
import type { CatalogueGraph } from '../../adapters/wiring';

/**
 * The browser's inversify container over the first render's graph, both halves bound (issue 10): loaded once the
 * browser is idle after the transaction half started (ui/app/transactions-ui.tsx), so no first render waits for its
 * 50 KB minified; from then on it answers (FirstRenderServices.adopt) with the very members the tables gave.
 */
export function transactionsContainer(graph: CatalogueGraph): Container {
  const container = browserContainerOver(graph);
  attachTransactions(container);
  return container;
}
