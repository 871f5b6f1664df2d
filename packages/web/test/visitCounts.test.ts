import { beforeEach, describe, expect, it } from 'vitest';
import { readVisitCounts, recordVisit, topVisits, visitCountKey, withVisitCounted } from '../src/app/state/visitCounts';
import { quickEntries } from '../src/pages/dashboard/quickEntries';
import type { MenuRoute } from '../src/app/router/menuRoutes';

beforeEach(() => localStorage.clear());

const entry = { name: 'LoginLog', path: '/p/loginLog', title: '登录日志', titleEn: 'Sign-in log' };

describe('visit counts (spec 3.5)', () => {
  it('count per path', () => {
    let counts = withVisitCounted([], entry);
    counts = withVisitCounted(counts, entry);
    counts = withVisitCounted(counts, { ...entry, name: 'OnlineUser', path: '/p/online' });
    expect(counts).toEqual([
      { ...entry, visitCount: 2 },
      { name: 'OnlineUser', path: '/p/online', title: '登录日志', titleEn: 'Sign-in log', visitCount: 1 },
    ]);
    expect(topVisits(counts, 1)[0]!.path).toBe('/p/loginLog');
  });

  it('are kept in localStorage per user code', () => {
    recordVisit('u1', entry);
    recordVisit('u1', entry);
    recordVisit('u2', entry);
    expect(readVisitCounts('u1')[0]!.visitCount).toBe(2);
    expect(readVisitCounts('u2')[0]!.visitCount).toBe(1);
    expect(localStorage.getItem(visitCountKey('u1'))).toContain('"visitCount":2');
  });

  it('quick entries: most visited screens still in the menu, else the first screens', () => {
    const leaf = (path: string, title: string) => ({ fullPath: path, title, titleEn: title }) as MenuRoute;
    const leaves = [leaf('/p/a', 'A'), leaf('/p/b', 'B'), leaf('/p/c', 'C')];
    expect(quickEntries([], leaves, 2).map((e) => e.path)).toEqual(['/p/a', '/p/b']);
    const counts = [
      { name: 'B', path: '/p/b', title: 'B', titleEn: 'B', visitCount: 3 },
      { name: 'X', path: '/p/removed', title: 'X', titleEn: 'X', visitCount: 9 },
      { name: 'C', path: '/p/c', title: 'C', titleEn: 'C', visitCount: 5 },
    ];
    expect(quickEntries(counts, leaves, 5).map((e) => e.path)).toEqual(['/p/c', '/p/b']);
  });
});
