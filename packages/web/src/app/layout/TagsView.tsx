import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useStore } from '../state/createStore';
import { appStore } from '../state/appStore';
import {
  closeAllViews,
  closeOtherViews,
  closeView,
  isViewActive,
  pathOf,
  refreshView,
  tagsViewStore,
  viewTarget,
  type VisitedView,
} from '../state/tagsViewStore';
import { metaTitle } from '../router/routeMeta';
import { HOME_PATH, REDIRECT_PREFIX } from '../router/paths';

/** The bar of visited views; right click offers refresh, close, close others, close all. */
export function TagsView() {
  const { t } = useTranslation();
  const views = useStore(tagsViewStore, (s) => s.visitedViews);
  const lang = useStore(appStore, (s) => s.language);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  /** After closing the tab being shown, show the last remaining one. */
  const showLastView = () => {
    const remaining = tagsViewStore.getState().visitedViews;
    const last = remaining[remaining.length - 1];
    void navigate(last ? viewTarget(last) : HOME_PATH);
  };

  const refresh = (view: VisitedView) => {
    const target = viewTarget(view);
    refreshView(pathOf(target));
    void navigate(`${REDIRECT_PREFIX}${target}`, { replace: true });
  };
  const close = (view: VisitedView) => {
    if (view.meta.affix) return;
    const wasActive = isViewActive(view, pathname);
    closeView(view.path);
    if (wasActive) showLastView();
  };
  const closeOthers = (view: VisitedView) => {
    closeOtherViews(view.path);
    if (!isViewActive(view, pathname)) void navigate(viewTarget(view));
  };
  const closeAll = () => {
    closeAllViews();
    const remaining = tagsViewStore.getState().visitedViews;
    if (!remaining.some((v) => isViewActive(v, pathname))) showLastView();
  };

  const menuFor = (view: VisitedView): MenuProps => ({
    items: [
      { key: 'refresh', label: <span data-testid="tab-menu-refresh">{t('tags.refresh')}</span> },
      { key: 'close', disabled: view.meta.affix, label: <span data-testid="tab-menu-close">{t('tags.close')}</span> },
      { key: 'closeOthers', label: <span data-testid="tab-menu-close-others">{t('tags.closeOthers')}</span> },
      { key: 'closeAll', label: <span data-testid="tab-menu-close-all">{t('tags.closeAll')}</span> },
    ],
    onClick: ({ key }) => {
      if (key === 'refresh') refresh(view);
      if (key === 'close') close(view);
      if (key === 'closeOthers') closeOthers(view);
      if (key === 'closeAll') closeAll();
    },
  });

  return (
    <div className="tags-view" role="tablist">
      {views.map((view) => (
        <Dropdown key={view.path} menu={menuFor(view)} trigger={['contextMenu']}>
          <span
            role="tab"
            aria-selected={isViewActive(view, pathname)}
            data-testid={`tab-${view.path}`}
            className={['tags-view__item', isViewActive(view, pathname) ? 'is-active' : ''].join(' ')}
            onClick={() => void navigate(viewTarget(view))}
            onAuxClick={(e) => {
              // Middle click closes, as in browsers.
              if (e.button === 1) close(view);
            }}
          >
            {metaTitle(view, lang)}
            {!view.meta.affix && (
              <CloseOutlined
                className="tags-view__close"
                data-testid={`tab-close-${view.path}`}
                onClick={(e) => {
                  e.stopPropagation();
                  close(view);
                }}
              />
            )}
          </span>
        </Dropdown>
      ))}
    </div>
  );
}
