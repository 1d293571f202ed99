import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type Db = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS stock (sku TEXT PRIMARY KEY, qty REAL NOT NULL, is_in_stock INTEGER NOT NULL, manage_stock INTEGER NOT NULL DEFAULT 1);
CREATE TABLE IF NOT EXISTS customers (
  id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT NOT NULL UNIQUE COLLATE NOCASE, firstname TEXT NOT NULL, lastname TEXT NOT NULL,
  password_hash TEXT NOT NULL, data TEXT NOT NULL DEFAULT '{}', token_version INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS reset_tokens (token TEXT PRIMARY KEY, customer_id INTEGER NOT NULL, expires_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS carts (
  id TEXT PRIMARY KEY, customer_id INTEGER, active INTEGER NOT NULL DEFAULT 1, coupon TEXT, shipping_carrier TEXT, shipping_method TEXT,
  payment_method TEXT, address TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cart_items (
  item_id INTEGER PRIMARY KEY AUTOINCREMENT, cart_id TEXT NOT NULL, sku TEXT NOT NULL, qty REAL NOT NULL, product_option TEXT, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS cart_items_cart ON cart_items(cart_id);
CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT, increment_id TEXT NOT NULL UNIQUE, customer_id INTEGER, email TEXT, cart_id TEXT,
  body TEXT NOT NULL, totals TEXT NOT NULL, items TEXT NOT NULL, status TEXT NOT NULL, comment TEXT, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS order_comments (id INTEGER PRIMARY KEY AUTOINCREMENT, order_id INTEGER NOT NULL, comment TEXT NOT NULL, status TEXT, data TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS payments (
  id TEXT PRIMARY KEY, order_id INTEGER NOT NULL, method TEXT NOT NULL, issuer TEXT, amount REAL NOT NULL, currency TEXT NOT NULL,
  redirect_url TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS reviews (
  id INTEGER PRIMARY KEY AUTOINCREMENT, product_id INTEGER NOT NULL, title TEXT NOT NULL, detail TEXT NOT NULL, nickname TEXT NOT NULL,
  customer_id INTEGER, status INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS subscriptions (email TEXT PRIMARY KEY COLLATE NOCASE, status TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS contact_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, email TEXT NOT NULL, message TEXT NOT NULL, category TEXT, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS mails (id INTEGER PRIMARY KEY AUTOINCREMENT, to_address TEXT NOT NULL, from_address TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS mail_tokens (token TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
-- the catalogue and its search indexes moved to the cache file (catalogue-cache.ts); databases of earlier versions lose these tables
DROP TABLE IF EXISTS catalogue;
DROP TABLE IF EXISTS search_index;
CREATE TABLE IF NOT EXISTS idempotency (scope TEXT NOT NULL, key TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL, request_hash TEXT NOT NULL DEFAULT '', PRIMARY KEY (scope, key));
`;

export const TABLES = ['meta', 'stock', 'customers', 'reset_tokens', 'carts', 'cart_items', 'orders', 'order_comments', 'payments', 'reviews', 'subscriptions', 'contact_messages', 'mails', 'mail_tokens', 'idempotency'];

export function openDb(dataDir: string, reset: boolean): Db {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, 'backend.sqlite');
  }
  const db = new Database(file);
  try {
    if (file !== ':memory:') {
      db.pragma('journal_mode = WAL');
      // WAL + NORMAL: a commit survives a crash of the process; no fsync per write (a demo backend on a shared disk)
      db.pragma('synchronous = NORMAL');
      checkIntact(db, file);
    }
    db.pragma('foreign_keys = OFF');
    db.exec(SCHEMA);
  } catch (e) {
    db.close();
    if (e instanceof Database.SqliteError && /^SQLITE_(CORRUPT|NOTADB)/.test(e.code)) throw damaged(file, e.message);
    throw e;
  }
  // databases written before the request hash existed
  const columns = db.prepare('PRAGMA table_info(idempotency)').all() as Array<{ name: string }>;
  if (!columns.some((c) => c.name === 'request_hash')) db.exec("ALTER TABLE idempotency ADD COLUMN request_hash TEXT NOT NULL DEFAULT ''");
  if (reset) {
    db.transaction(() => {
      for (const t of TABLES) db.exec(`DELETE FROM ${t}`);
      db.exec(`DELETE FROM sqlite_sequence`);
    })();
  }
  return db;
}

/** PRAGMA quick_check before anything is read or written: a damaged file refuses the start with a message. */
function checkIntact(db: Db, file: string): void {
  const rows = db.pragma('quick_check(20)') as Array<{ quick_check: string }>;
  const problems = rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
  if (problems.length) throw damaged(file, problems.join('; '));
}

function damaged(file: string, detail: string): Error {
  return new Error(
    `${file} is damaged (SQLite: ${detail.slice(0, 500)}). The backend does not start on it: restore the file from a backup, ` +
      'or move it away to start with an empty database (its customers, carts and orders are then gone).',
  );
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
