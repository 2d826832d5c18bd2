// Titles of the shell's pages (000 section 2 "Access rules": the title comes from the route's
// metadata, the menu entry's title; the agent query flag swaps in another title).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageRoute } from '../menu-routes';
import { useBrand } from '../brand';

/** The platform's name in titles and the sidebar: the served brand's, the built-in name until it arrives. */
export function usePlatformName(): string {
  const { t } = useTranslation();
  return useBrand()?.platformName ?? t('app.name');
}

const SUB_PAGES = ['create', 'edit', 'show'] as const;
type SubPage = (typeof SUB_PAGES)[number];

export interface PageMatch {
  page: PageRoute;
  /** A generated screen's form or details under the page (`<page>/create`, `/edit/:id`, `/show/:id`). */
  subPage?: SubPage;
}

/** The menu page `pathname` shows: the page itself, or a sub-page of a generated screen. */
export function matchPage(pages: readonly PageRoute[], pathname: string): PageMatch | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = pages.find((p) => p.path === path);
  if (page) return { page };
  for (const candidate of pages) {
    const rest = path.startsWith(`${candidate.path}/`) ? path.slice(candidate.path.length + 1).split('/') : [];
    const subPage = SUB_PAGES.find((s) => s === rest[0]);
    if (subPage && rest.length === (subPage === 'create' ? 1 : 2)) return { page: candidate, subPage };
  }
  return undefined;
}

export function useTitleOf(): (match: PageMatch) => string {
  const { t } = useTranslation();
  return ({ page, subPage }) => (subPage ? t('layout.subPageTitle', { page: t(page.titleKey), action: t(`common.actions.${subPage}`) }) : t(page.titleKey));
}

/** Sets the document's title: "<page> - <platform>" with dynamic titles on, else the platform's name. */
export function useDocumentTitle(pageTitle: string | undefined, dynamicTitle: boolean, search: string): void {
  const { t } = useTranslation();
  const platform = usePlatformName();
  const agent = new URLSearchParams(search).get('agent') === '1';
  const title = agent ? t('app.agentTitle') : dynamicTitle && pageTitle ? `${pageTitle} - ${platform}` : platform;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
