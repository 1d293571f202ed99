import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../core/catalogue/types';
import { useConfig } from '../../hooks/use-service';

/**
 * spec catalogue §2.5: the desktop mega menu of the top-level categories. Hover or the toggle button opens a
 * panel whose first column starts with 'View all'; Escape closes it and gives focus back to its button.
 */
export function MegaMenu({ menu }: { menu: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const config = useConfig();
  const [open, setOpen] = useState<number | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  // a click right after the pointer opened the panel must not close it again
  const hoverOpened = useRef<{ id: number; at: number } | null>(null);
  const location = useLocation();
  useEffect(() => setOpen(null), [location.pathname]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open !== null) {
      e.stopPropagation();
      buttons.current.get(open)?.focus();
      setOpen(null);
    }
  };
  if (!menu.length) return null;
  return (
    <nav className="megamenu" aria-label={t('header.categories')} onKeyDown={onKeyDown} onMouseLeave={() => setOpen(null)}>
      <ul className="megamenu__top">
        {menu.map((item) => {
          const isOpen = open === item.id;
          const panelId = `megamenu-${item.id}`;
          return (
            <li key={item.id} className={`megamenu__item${isOpen ? ' megamenu__item--open' : ''}`} onMouseEnter={() => {
                if (!item.children_data.length || isOpen) return;
                hoverOpened.current = { id: item.id, at: performance.now() };
                setOpen(item.id);
              }}>
              <Link to={item.link} className="megamenu__link">
                {item.name}
              </Link>
              {item.children_data.length > 0 && (
                <button
                  type="button"
                  className="megamenu__toggle"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  aria-label={t('header.openCategory', { name: item.name })}
                  ref={(el) => {
                    if (el) buttons.current.set(item.id, el);
                  }}
                  onClick={() => {
                    const recent = hoverOpened.current?.id === item.id && performance.now() - hoverOpened.current.at < 400;
                    hoverOpened.current = null;
                    setOpen(isOpen && !recent ? null : item.id);
                  }}
                >
                  <span aria-hidden="true">▾</span>
                </button>
              )}
              {item.children_data.length > 0 && (
                <div id={panelId} className="megamenu__panel" hidden={!isOpen} style={{ maxWidth: config.ui.megaMenuMaxWidthPx }}>
                  <ul className="megamenu__columns">
                    <li className="megamenu__column">
                      <Link to={item.link} className="megamenu__all">
                        {t('header.viewAll')}
                      </Link>
                    </li>
                    {item.children_data.map((child) => (
                      <li key={child.id} className="megamenu__column">
                        <Link to={child.link} className="megamenu__heading">
                          {child.name}
                        </Link>
                        {child.children_data.length > 0 && (
                          <ul>
                            {child.children_data.map((leaf) => (
                              <li key={leaf.id}>
                                <Link to={leaf.link}>{leaf.name}</Link>
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
