import 'reflect-metadata';
import { Container } from 'inversify';
import { DEFAULT_CONFIG, type ShopConfig } from '../core/config';
import { TOKENS } from '../core/ports/tokens';
import type { CatalogueSearch } from '../core/ports/catalogue-search';
import type { Clock } from '../core/ports/clock';
import type { Logger } from '../core/ports/logger';
import type { Network } from '../core/ports/network';
import type { Scheduler } from '../core/ports/scheduler';
import type { Storage } from '../core/ports/storage';
import type { IdGenerator } from '../core/ports/id-generator';
import { HomeService } from '../core/catalogue/home-service';
import { createApiClient } from './http/api-client';
import { HttpCatalogueSearch } from './http/catalogue-search';
import { SystemClock } from './common/system-clock';
import { TimerScheduler } from './common/timer-scheduler';
import { ConsoleLogger } from './common/console-logger';
import { UuidGenerator } from './common/uuid-generator';
import { MemoryStorage } from './storage/memory-storage';
import { BrowserNetwork } from './browser/browser-network';
import { StaticNetwork } from './node/static-network';

/**
 * The only place that knows every concrete class. Core stays free of inversify and decorators:
 * plain classes are bound with toDynamicValue, singletons per container (a container per SSR request,
 * one in the browser, one per test).
 */
export interface ContainerOptions {
  config?: ShopConfig;
  /** API base URL; defaults to config.api.url */
  apiUrl?: string;
  storage?: Storage;
  network?: Network;
  clock?: Clock;
  scheduler?: Scheduler;
  logger?: Logger;
  ids?: IdGenerator;
  fetch?: typeof fetch;
}

export type Runtime = 'browser' | 'server' | 'test';

function createContainer(runtime: Runtime, options: ContainerOptions): Container {
  const config = options.config ?? DEFAULT_CONFIG;
  const c = new Container({ defaultScope: 'Singleton' });
  const client = createApiClient({
    baseUrl: options.apiUrl ?? config.api.url,
    timeoutMs: runtime === 'server' ? config.search.serverTimeoutMs : config.search.clientTimeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  c.bind<ShopConfig>(TOKENS.Config).toConstantValue(config);
  c.bind<Clock>(TOKENS.Clock).toConstantValue(options.clock ?? new SystemClock());
  c.bind<Scheduler>(TOKENS.Scheduler).toConstantValue(options.scheduler ?? new TimerScheduler());
  c.bind<Logger>(TOKENS.Logger).toConstantValue(options.logger ?? new ConsoleLogger(runtime === 'test' ? 'error' : 'info'));
  c.bind<IdGenerator>(TOKENS.IdGenerator).toConstantValue(options.ids ?? new UuidGenerator());
  c.bind<Network>(TOKENS.Network).toConstantValue(
    options.network ?? (runtime === 'browser' ? new BrowserNetwork() : new StaticNetwork(true)),
  );
  c.bind<Storage>(TOKENS.Storage).toConstantValue(options.storage ?? new MemoryStorage());

  c.bind<CatalogueSearch>(TOKENS.CatalogueSearch).toDynamicValue(() => new HttpCatalogueSearch(client, config));

  c.bind(HomeService).toDynamicValue(
    (ctx) => new HomeService(ctx.get<CatalogueSearch>(TOKENS.CatalogueSearch), config, ctx.get<Logger>(TOKENS.Logger)),
  );
  return c;
}

export function createBrowserContainer(options: ContainerOptions = {}): Container {
  return createContainer('browser', options);
}

export function createServerContainer(options: ContainerOptions = {}): Container {
  return createContainer('server', options);
}

export function createTestContainer(options: ContainerOptions = {}): Container {
  return createContainer('test', options);
}

export type { Container };
