import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { safeCmsHtml } from '../../../core/catalogue/cms-html';

/**
 * CMS HTML (trusted shop content, scripts stripped by core's safeCmsHtml). Links inside to this shop's own pages
 * navigate in the app instead of reloading the page.
 */
export function CmsHtml({ html, className, as = 'div' }: { html: string | undefined; className?: string; as?: 'div' | 'section' }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href || !href.startsWith('/') || href.startsWith('//') || a.target || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    navigate(href);
  };
  const Tag = as;
  return <Tag className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: safeCmsHtml(html) }} />;
}
