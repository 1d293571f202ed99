import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { HtmlSanitizer } from '../../../core/ports/html-sanitizer';
import { TOKENS } from '../../../core/ports/tokens';
import { useService, useCms, useContainer } from '../../hooks/use-service';
import { CmsService } from '../../../core/catalogue/cms-service';
import { ownEntry } from '../../../core/dictionary';

/** The markup the server rendered for the CmsHtml with this id (React's useId is the same on both sides while hydrating). */
function serverMarkup(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const el of document.querySelectorAll<HTMLElement>('[data-cms-html]')) if (el.dataset.cmsHtml === id) return el.innerHTML;
  return undefined;
}

/**
 * CMS HTML (spec catalogue §3.5), sanitised by the HtmlSanitizer port; hydration takes the server's sanitised markup
 * (DOMPurify loads only for new HTML). Links to the shop's own pages navigate in the app.
 */
export function CmsHtml({ html, className }: { html: string | undefined; className?: string }) {
  const navigate = useNavigate();
  const sanitizer = useService<HtmlSanitizer>(TOKENS.HtmlSanitizer);
  const id = useId();
  const raw = html ?? '';
  const first = useRef<{ raw: string; markup: string | undefined } | null>(null);
  first.current ??= { raw, markup: serverMarkup(id) };
  const fromServer = first.current.markup !== undefined && first.current.raw === raw ? first.current.markup : undefined;
  const clean = fromServer ?? sanitizer.sanitize(raw);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (clean !== undefined) return;
    let live = true;
    sanitizer.load().then(
      () => live && setLoaded((n) => n + 1),
      () => undefined, // no DOMPurify (offline, chunk missing): the content stays empty rather than unsanitised
    );
    return () => void (live = false);
  }, [clean, sanitizer]);
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href || !href.startsWith('/') || href.startsWith('//') || a.target || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    navigate(href);
  };
  const markup = { __html: clean ?? '' };
  return <div className={className} data-cms-html={id} onClick={onClick} dangerouslySetInnerHTML={markup} />;
}

/** A CMS block by identifier (spec catalogue §3.5); loaded here when the page's load did not bring it. */
export function CmsBlock({ identifier, className }: { identifier: string; className?: string }) {
  const cms = useCms();
  const container = useContainer();
  const block = ownEntry(cms.blocks, identifier);
  useEffect(() => {
    if (!block) void container.get(CmsService).loadBlock(identifier);
  }, [block, identifier, container]);
  if (!block?.content) return null;
  return <CmsHtml html={block.content} className={className} />;
}
