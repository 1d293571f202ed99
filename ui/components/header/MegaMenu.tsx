import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../core/catalogue/types';
import type { Banner, HomeContentSource } from '../../../core/catalogue/home-content';
import { TOKENS } from '../../../core/ports/tokens';
import { useConfig, useService } from '../../hooks/use-service';
import { useLoaded } from '../../hooks/use-shell';

/** the size of a menu banner's image slot (CSS pixels; the image is scaled into it, so the layout never shifts) */
const MENU_BANNER_IMAGE = { width: 240, height: 140 } as const;

/** spec catalogue §2.5: an open panel's aside banners, plain links after the columns (the image is decorative). */
function MenuAside({ banners, label }: { banners: readonly Banner[]; label: string }) {
  if (!banners.length) return null;
  return (
    <div className="megamenu__aside" role="group" aria-label={label}>
      {banners.map((b) => (
        <Link key={b.link + b.title} to={b.link} className="megamenu-banner" style={b.color ? { backgroundColor: b.color } : undefined}>
          {b.image && <img className="megamenu-banner__image" src={b.image} alt="" loading="lazy" decoding="async" width={MENU_BANNER_IMAGE.width} height={MENU_BANNER_IMAGE.height} />}
          <span className="megamenu-banner__title">{b.title}</span>
          {b.subtitle && <span className="megamenu-banner__subtitle">{b.subtitle}</span>}
        </Link>
      ))}
    </div>
  );
}

/** spec catalogue §2.5: the desktop mega menu; Escape closes a panel and gives the focus back to its button. */
export function MegaMenu({ menu }: { menu: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const config = useConfig();
  const [open, setOpen] = useState<number | null>(null);
  // a click right after the pointer opened the panel must not close it again
  const hoverOpened = useRef<{ id: number; at: number } | null>(null);
  const location = useLocation();
  const content = useService<HomeContentSource>(TOKENS.HomeContent);
  // spec catalogue §2.5, §2.11: the aside banners, read once mounted; a failure shows none (§8)
  const storeCode = config.storeViews.defaultStoreCode;
  const banners = useLoaded(() => content.load(storeCode), [content, storeCode])?.banners.menuAsideBanners ?? [];
  useEffect(() => setOpen(null), [location.pathname]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open !== null) {
      e.stopPropagation();
      e.currentTarget.querySelector<HTMLElement>(`[aria-controls="megamenu-${open}"]`)?.focus();
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
                  <MenuAside banners={banners} label={t('header.menuOffers')} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
