// The FAQ (000 section 2, help menu, route Problem, cms:FAQ): the questions in their order, each
// opening its answer, and a search over questions and answers.
import { useMemo, useState } from 'react';
import { Alert, Card, Collapse, Empty, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchOutlined } from '@ant-design/icons';
import { ArticleText } from './article-text';
import { useHelpArticles } from './use-help-articles';

export default function FaqPage() {
  const { t } = useTranslation();
  const { articles, inEnglish, failed } = useHelpArticles('faq');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const words = search.trim().toLocaleLowerCase();
    return (articles ?? []).filter((a) => !words || `${a.title}\n${a.content}`.toLocaleLowerCase().includes(words));
  }, [articles, search]);
  return (
    <Card title={t('topBar.faq')} data-testid="faq-page" style={{ maxWidth: 960 }}>
      {inEnglish && <Alert type="info" showIcon message={t('help.inEnglish')} style={{ marginBottom: 16 }} />}
      <Input allowClear prefix={<SearchOutlined />} placeholder={t('help.search')} aria-label={t('help.search')} value={search}
        onChange={(event) => setSearch(event.target.value)} style={{ maxWidth: 400, marginBottom: 16 }} />
      {articles === undefined ? <Spin /> : shown.length === 0 ? <Empty description={failed ? false : t('help.empty')} /> : (
        <Collapse data-testid="faq-list" items={shown.map((article) => ({
          key: article.id ?? article.title, label: article.title, children: <ArticleText content={article.content} />,
        }))} />
      )}
    </Card>
  );
}
