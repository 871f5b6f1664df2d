import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useStore } from '../state/createStore';
import { appStore, closeSidebar } from '../state/appStore';
import { menuRoutesStore } from '../router/menuRoutesStore';
import { groupOfPath } from '../router/menuGroups';
import { metaTitle } from '../router/routeMeta';
import { MenuIcon } from './menuIcons';

/** How long the second-level panel stays after the pointer left, so a diagonal move does not close it. */
const CLOSE_DELAY_MS = 200;

/**
 * The 55 px first-level column (one icon per menu group) and the 255 px second-level panel that opens
 * on hover (or click, for touch screens) with the group's screens. English names are longer than the
 * four characters a Chinese name takes, so in English the column is wider and a name wraps between its
 * words; the button's title still tells a name that is cut (a long custom menu name).
 */
export function SideMenu() {
  const groups = useStore(menuRoutesStore, (s) => s.groups);
  const lang = useStore(appStore, (s) => s.language);
  const device = useStore(appStore, (s) => s.device);
  const currentMenuPath = useStore(appStore, (s) => s.currentMenuPath);
  const [openCode, setOpenCode] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const cancelClose = () => clearTimeout(closeTimer.current);
  const open = (code: string) => {
    cancelClose();
    setOpenCode(code);
  };
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpenCode(null), CLOSE_DELAY_MS);
  };
  const afterPick = () => {
    setOpenCode(null);
    if (device === 'mobile') closeSidebar(false);
  };

  const activeGroup = groupOfPath(groups, currentMenuPath);
  const openGroup = groups.find((g) => g.menuCode === openCode);

  return (
    <aside className={lang === 'en_US' ? 'side-menu side-menu--wide' : 'side-menu'} onMouseLeave={scheduleClose} onMouseEnter={cancelClose}>
      <nav className="side-menu__first">
        {groups.map((group) => (
          <button
            type="button"
            key={group.menuCode}
            data-testid={`menu-group-${group.menuCode}`}
            className={[
              'side-menu__group',
              group === activeGroup ? 'is-active' : '',
              group.menuCode === openCode ? 'is-open' : '',
            ].join(' ')}
            title={metaTitle(group, lang)}
            onMouseEnter={() => open(group.menuCode)}
            onClick={() => (openCode === group.menuCode ? setOpenCode(null) : open(group.menuCode))}
          >
            <MenuIcon name={group.icon} />
            <span className="side-menu__label">{metaTitle(group, lang)}</span>
          </button>
        ))}
      </nav>
      {openGroup && (
        <div className="side-menu__second" data-testid="menu-panel">
          <div className="side-menu__panel-title">{metaTitle(openGroup, lang)}</div>
          {openGroup.leaves.map((leaf) => (
            <Link
              key={leaf.fullPath}
              to={leaf.fullPath}
              data-testid={`menu-leaf-${leaf.menuCode}`}
              className={['side-menu__leaf', leaf.fullPath === currentMenuPath ? 'is-active' : ''].join(' ')}
              onClick={afterPick}
            >
              {metaTitle(leaf, lang)}
            </Link>
          ))}
        </div>
      )}
    </aside>
  );
}
