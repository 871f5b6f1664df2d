import { configure } from '@testing-library/react';

// Pages are lazy chunks that vite compiles on first import; while the whole suite runs on two cores that can
// take several seconds, so findBy/waitFor wait up to 10 s instead of testing-library's 1 s before failing.
configure({ asyncUtilTimeout: 10_000 });
