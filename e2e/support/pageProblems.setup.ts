import { afterEach, expect } from 'vitest';
import { takePageProblems } from './pageProblems.js';

// Every browser test fails on what its pages threw or logged as errors, besides its own assertions.
afterEach(() => {
  expect(takePageProblems(), 'uncaught errors and console errors on the pages').toEqual([]);
});
