import { lazyPackage } from '../lazyPackage.js';

/** COPY streams of the PostgreSQL driver, for bulk writes and reads: loaded on PostgreSQL, at first use. */
export const pgCopyStreams = lazyPackage<typeof import('pg-copy-streams')>('pg-copy-streams');
