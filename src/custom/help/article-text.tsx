// An article's plain text as paragraphs: an empty line starts one, a single line break stays.
export function ArticleText({ content }: { content: string }) {
  return content.split(/\n\s*\n/).map((paragraph, i) => <p key={i} style={{ whiteSpace: 'pre-line' }}>{paragraph.trim()}</p>);
}
