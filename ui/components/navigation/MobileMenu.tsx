import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../core/catalogue/types';
import { useUiFlags, useUiFlagsService } from '../../hooks/use-shell';

const MAX_LEVELS = 3;

/** spec catalogue §2.5: the mobile menu: three levels with 'View all', locks page scroll, Escape closes it. */
export function MobileMenu({ menu }: { menu: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const flags = useUiFlags();
  const service = useUiFlagsService();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.body.classList.toggle('no-scroll', flags.sidebar);
    if (flags.sidebar) panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    return () => document.body.classList.remove('no-scroll');
  }, [flags.sidebar]);
  if (!flags.sidebar) return null;
  // the open path: submenu holds the ids of the opened items, one per level
  let level: readonly MenuItem[] = menu;
  let parent: MenuItem | undefined;
  for (const id of flags.submenu.slice(0, MAX_LEVELS - 1)) {
    const next = level.find((m) => m.id === id);
    if (!next) break;
    parent = next;
    level = next.children_data;
  }
  const depth = flags.submenu.length;
  return (
    <div className="mobile-menu" id="mobile-menu" ref={panel} role="dialog" aria-modal="true" aria-label={t('header.menu')} onKeyDown={(e) => e.key === 'Escape' && service.setPanel('sidebar', false)}>
      <div className="mobile-menu__head">
        {parent ? (
          <button type="button" className="mobile-menu__back" onClick={() => service.closeSubmenu(depth - 1)}>
            ‹ {t('header.back')}
          </button>
        ) : (
          <span className="mobile-menu__title">{t('header.menu')}</span>
        )}
        <button type="button" className="mobile-menu__close" onClick={() => service.setPanel('sidebar', false)}>
          {t('common.close')}
        </button>
      </div>
      <ul className="mobile-menu__list">
        {parent && (
          <li>
            <Link to={parent.link} className="mobile-menu__all" onClick={() => service.closeAll()}>
              {t('header.viewAllOf', { name: parent.name })}
            </Link>
          </li>
        )}
        {level.map((item) => (
          <li key={item.id}>
            {item.children_data.length > 0 && depth < MAX_LEVELS - 1 ? (
              <button type="button" className="mobile-menu__sub" onClick={() => service.openSubmenu(item.id, depth)}>
                {item.name} <span aria-hidden="true">›</span>
              </button>
            ) : (
              <Link to={item.link} onClick={() => service.closeAll()}>
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
