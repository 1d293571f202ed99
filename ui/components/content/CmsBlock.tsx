import { useEffect } from 'react';
import { CmsService } from '../../../core/catalogue/cms-service';
import { ownEntry } from '../../../core/dictionary';
import { CmsHtml } from './CmsHtml';
import { useCms, useContainer } from '../../hooks/use-service';

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
