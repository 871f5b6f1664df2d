import { createStore } from './createStore';
import { HOME_PATH } from '../router/paths';
import { DASHBOARD_META } from '../router/staticMeta';
import type { RouteMeta } from '../router/routeMeta';

/** A tab of the tab bar (spec 3.5). A hidden detail route shows inside its parent's tab: subpath/subName. */
export interface VisitedView {
  name: string;
  path: string;
  /** path plus query: where the tab goes back to. */
  fullPath: string;
  title: string;
  titleEn: string;
  meta: RouteMeta;
  subpath?: string;
  subName?: string;
}

export interface TagsViewState {
  visitedViews: readonly VisitedView[];
  /** Bumped by "refresh": a new number remounts the kept-alive view of that path. */
  generations: Readonly<Record<string, number>>;
}

export const HOME_VIEW: VisitedView = {
  name: DASHBOARD_META.name,
  path: HOME_PATH,
  fullPath: HOME_PATH,
  title: DASHBOARD_META.title,
  titleEn: DASHBOARD_META.titleEn,
  meta: DASHBOARD_META,
};

export const tagsViewStore = createStore<TagsViewState>({ visitedViews: [HOME_VIEW], generations: {} });

export const pathOf = (fullPath: string): string => fullPath.split(/[?#]/)[0] ?? fullPath;

/** Where clicking the tab goes: the detail shown in it, else its own page. */
export const viewTarget = (view: VisitedView): string => view.subpath ?? view.fullPath;

export function isViewActive(view: VisitedView, pathname: string): boolean {
  return view.path === pathname || (view.subpath !== undefined && pathOf(view.subpath) === pathname);
}

/** Every path whose view must stay alive: each tab's page and the detail open in it. */
export function alivePaths(views: readonly VisitedView[]): Set<string> {
  const paths = new Set<string>();
  for (const view of views) {
    paths.add(view.path);
    if (view.subpath) paths.add(pathOf(view.subpath));
  }
  return paths;
}

/** The tab list after visiting a route; the same list (no change) when nothing is new. */
export function withVisit(views: readonly VisitedView[], meta: RouteMeta, pathname: string, fullPath: string): readonly VisitedView[] {
  if (meta.noTab) return views;
  if (meta.previewOf) {
    const parent = views.find((v) => v.path === meta.previewOf!.path);
    if (parent) {
      if (parent.subpath === fullPath) return views;
      return views.map((v) => (v === parent ? { ...v, subpath: fullPath, subName: meta.name } : v));
    }
    const { path, name } = meta.previewOf;
    return [...views, { name, path, fullPath: path, title: meta.title, titleEn: meta.titleEn, meta, subpath: fullPath, subName: meta.name }];
  }
  const existing = views.find((v) => v.path === pathname);
  if (existing) {
    if (existing.fullPath === fullPath && existing.subpath === undefined) return views;
    return views.map((v) => (v === existing ? { ...v, fullPath, subpath: undefined, subName: undefined } : v));
  }
  return [...views, { name: meta.name, path: pathname, fullPath, title: meta.title, titleEn: meta.titleEn, meta }];
}

export function addView(meta: RouteMeta, pathname: string, fullPath: string): void {
  const { visitedViews } = tagsViewStore.getState();
  const next = withVisit(visitedViews, meta, pathname, fullPath);
  if (next !== visitedViews) tagsViewStore.setState({ visitedViews: next });
}

export function closeView(path: string): void {
  tagsViewStore.setState((s) => ({ visitedViews: s.visitedViews.filter((v) => v.meta.affix || v.path !== path) }));
}

export function closeOtherViews(path: string): void {
  tagsViewStore.setState((s) => ({ visitedViews: s.visitedViews.filter((v) => v.meta.affix || v.path === path) }));
}

export function closeAllViews(): void {
  tagsViewStore.setState((s) => ({ visitedViews: s.visitedViews.filter((v) => v.meta.affix) }));
}

export function refreshView(pathname: string): void {
  tagsViewStore.setState((s) => ({ generations: { ...s.generations, [pathname]: (s.generations[pathname] ?? 0) + 1 } }));
}
