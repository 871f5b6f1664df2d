import { describe, expect, it } from 'vitest';
import { nextViewCache } from '../src/app/keepAlive/viewCache';

const a = <div>a</div>;
const b = <div>b</div>;

describe('kept-alive view cache', () => {
  it('stores the current view and keeps the views of open tabs', () => {
    let cache = nextViewCache(new Map(), '/a', a, new Set());
    cache = nextViewCache(cache, '/b', b, new Set(['/a']));
    expect([...cache.keys()]).toEqual(['/a', '/b']);
  });

  it('answers the same map when nothing changed (so rendering settles)', () => {
    const cache = nextViewCache(new Map(), '/a', a, new Set());
    expect(nextViewCache(cache, '/a', a, new Set(['/a']))).toBe(cache);
  });

  it('drops views whose tab was closed, but never the one on screen', () => {
    let cache = nextViewCache(new Map(), '/a', a, new Set());
    cache = nextViewCache(cache, '/b', b, new Set(['/a', '/b']));
    cache = nextViewCache(cache, '/b', null, new Set());
    expect([...cache.keys()]).toEqual(['/b']);
  });

  it('does not store a view it is not asked to keep (never-cached)', () => {
    const cache = nextViewCache(new Map(), '/tagRule', null, new Set(['/tagRule']));
    expect(cache.size).toBe(0);
  });
});
