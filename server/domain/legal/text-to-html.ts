// The text an administrator writes for a legal document, as the HTML the legal page shows: every
// character escaped first, then only paragraphs (blank lines), line breaks, **bold**, _italic_
// and lists (lines starting with "- " or "1. ") become markup. Nothing the writer types can
// become a tag or an attribute.
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const inline = (line: string) => escape(line)
  .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
  .replace(/(^|[\s(])_([^_\n]+)_(?=$|[\s).,;:!?])/g, '$1<em>$2</em>');

const BULLET = /^\s*-\s+/;
const NUMBERED = /^\s*\d+\.\s+/;

function block(lines: string[]): string {
  if (lines.every((l) => BULLET.test(l))) return `<ul>${lines.map((l) => `<li>${inline(l.replace(BULLET, ''))}</li>`).join('')}</ul>`;
  if (lines.every((l) => NUMBERED.test(l))) return `<ol>${lines.map((l) => `<li>${inline(l.replace(NUMBERED, ''))}</li>`).join('')}</ol>`;
  return `<p>${lines.map(inline).join('<br>')}</p>`;
}

export function textToHtml(text: string): string {
  return text.replace(/\r\n?/g, '\n').split(/\n\s*\n/).map((p) => p.split('\n').filter((l) => l.trim() !== '')).filter((p) => p.length).map(block).join('');
}
