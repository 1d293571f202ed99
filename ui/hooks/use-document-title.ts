import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '../../core/page-title';
import { useConfig } from './use-service';

/** On the server the page records its title here so the HTML shell can write <title>. */
export const TitleContext = createContext<{ title?: string } | null>(null);

export function useDocumentTitle(title: string): void {
  const config = useConfig();
  const { t } = useTranslation();
  // spec catalogue §1's template, translated per locale
  const full = pageTitle(title, config, t('shop.titleTemplate', { defaultValue: config.shop.titleTemplate }));
  const sink = useContext(TitleContext);
  if (sink) sink.title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
