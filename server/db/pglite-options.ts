import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's buffer pool inside PGlite. Opening PGlite zeroes the whole pool in WebAssembly
 * (memset was most of the open: ~1.3 s of profile at the data directory's default 128MB against
 * ~0.2 s at 16MB), so a smaller pool opens faster; pages beyond it are read from the data
 * directory's files through the OS page cache. 32MB holds what the lists of a 100,000-contact
 * company touch per page and per search (docs/decisions/0022-start-up.md).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** PGlite's own start parameters, plus the buffer pool's size. */
export const pgliteStartParams = (): string[] => [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
