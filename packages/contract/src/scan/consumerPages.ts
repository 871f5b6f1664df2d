/**
 * The consumer pages (spec 2.1): what a shopper's phone opens from a label. They are their own entry of
 * the web app (`consumer.html`, built from packages/web/src/public), which loads neither the portal's
 * shell nor Ant Design, so the server answers these paths with that document instead of the portal's.
 * A GS1 Digital Link lands on the scan page through the resolver's redirect.
 */
export const CONSUMER_PAGE_PATHS: readonly string[] = ['/antiCounterfeiting', '/mobilePhone', '/wx', '/boxCodeView'];

/** The built document of the consumer entry, beside the portal's index.html. */
export const CONSUMER_DOCUMENT = 'consumer.html';
