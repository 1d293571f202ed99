import { useTranslation } from 'react-i18next';
import type { LocaleCode } from '../../core/config';
import { resolveLocale } from '../i18n';
import { useConfig } from './use-service';

export function useLocale(): LocaleCode {
  const { i18n } = useTranslation();
  return resolveLocale(i18n.language, useConfig());
}
