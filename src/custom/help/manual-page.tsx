// The user manual (000 section 2, help menu, route HandBook, user:manual): its chapters in their
// order, with a table of contents that leads to each.
import { Alert, Card, Empty, List, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ArticleText } from './article-text';
import { useHelpArticles } from './use-help-articles';

/** Chapter n's anchor: a link to the manual's third chapter stays one while chapters are edited. */
const anchorOf = (index: number) => `chapter-${index + 1}`;

export default function ManualPage() {
  const { t } = useTranslation();
  const { articles, inEnglish, failed } = useHelpArticles('manual');
  if (articles === undefined) return <Spin />;
  return (
    <Card title={t('topBar.manual')} data-testid="manual-page" style={{ maxWidth: 960 }}>
      {inEnglish && <Alert type="info" showIcon message={t('help.inEnglish')} style={{ marginBottom: 16 }} />}
      {articles.length === 0 ? <Empty description={failed ? false : t('help.empty')} /> : (
        <>
          <nav aria-label={t('help.contents')}>
            <Typography.Title level={2} style={{ fontSize: 16 }}>{t('help.contents')}</Typography.Title>
            <List size="small" dataSource={articles} renderItem={(article, i) => (
              <List.Item><a href={`#${anchorOf(i)}`}>{`${i + 1}. ${article.title}`}</a></List.Item>
            )} />
          </nav>
          {articles.map((article, i) => (
            <section key={article.id ?? i} id={anchorOf(i)} aria-labelledby={`${anchorOf(i)}-title`} data-testid="manual-chapter">
              <Typography.Title level={2} id={`${anchorOf(i)}-title`} style={{ fontSize: 18, marginTop: 24 }}>{`${i + 1}. ${article.title}`}</Typography.Title>
              <ArticleText content={article.content} />
            </section>
          ))}
        </>
      )}
    </Card>
  );
}
