// The agreement texts arrive as HTML that the server sanitised; this second pass keeps markup
// and drops anything that could run script, in case a stored text slipped through.
const DROPPED = 'script, style, iframe, frame, object, embed, link, meta, base, form';

export function safeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.body.querySelectorAll(DROPPED).forEach((node) => node.remove());
  doc.body.querySelectorAll('*').forEach((element) => {
    for (const { name, value } of [...element.attributes]) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || ((lower === 'href' || lower === 'src' || lower === 'xlink:href') && /^\s*(javascript|data|vbscript):/i.test(value))) {
        element.removeAttribute(name);
      }
    }
  });
  return doc.body.innerHTML;
}
