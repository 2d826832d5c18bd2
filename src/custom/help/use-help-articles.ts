// The articles of one help page (the FAQ or the user manual) in the reader's language, in their
// order; English where none is written in it yet, which the page then says.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

export type HelpArticle = DataOf<'helpArticlePage'>['list'][number];
type Language = HelpArticle['language'];

/** More than any help page holds: one request brings the whole page. */
const WHOLE_PAGE = 500;

export interface HelpArticles {
  articles: HelpArticle[] | undefined;
  /** Shown in English, since none is written in the reader's language. */
  inEnglish: boolean;
  failed: boolean;
}

async function articlesOf(kind: HelpArticle['kind'], language: Language): Promise<HelpArticle[]> {
  const page = await call('helpArticlePage', { query: { pageNo: 1, pageSize: WHOLE_PAGE, kind, language, sortField: 'sort', sortOrder: 'asc' } });
  return page.list;
}

export function useHelpArticles(kind: HelpArticle['kind']): HelpArticles {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const [state, setState] = useState<HelpArticles>({ articles: undefined, inEnglish: false, failed: false });
  useEffect(() => {
    let live = true;
    setState({ articles: undefined, inEnglish: false, failed: false });
    (async () => {
      const own = await articlesOf(kind, language);
      if (own.length || language === 'en') return { articles: own, inEnglish: false, failed: false };
      const english = await articlesOf(kind, 'en');
      return { articles: english, inEnglish: english.length > 0, failed: false };
    })().then((next) => live && setState(next), () => live && setState({ articles: [], inEnglish: false, failed: true }));
    return () => {
      live = false;
    };
  }, [kind, language]);
  return state;
}
