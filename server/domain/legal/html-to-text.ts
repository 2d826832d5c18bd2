// The text an administrator wrote, read back from the HTML textToHtml stored, so that the edit form
// shows what was typed and saving it again yields the same HTML: one way in (text, escaped once
// on every write), never HTML fed back through the escaping. Only textToHtml's own tags occur in
// stored versions an administrator can edit; any other tag (a seeded text) is dropped.
const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
// One pass, so that an escaped entity the writer typed ("&amp;lt;") stays the text "&lt;".
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e]!);

const inline = (html: string) => unescape(html
  .replace(/<\/?strong>/g, '**')
  .replace(/<\/?em>/g, '_')
  .replace(/<[^>]*>/g, ''));

const items = (html: string) => [...html.matchAll(/<li>(.*?)<\/li>/gs)].map((m) => inline(m[1]!));

export function htmlToText(html: string): string {
  return [...html.matchAll(/<(p|ul|ol)>(.*?)<\/\1>/gs)].map(([, tag, body]) => {
    if (tag === 'ul') return items(body!).map((i) => `- ${i}`).join('\n');
    if (tag === 'ol') return items(body!).map((i, n) => `${n + 1}. ${i}`).join('\n');
    return body!.split('<br>').map(inline).join('\n');
  }).join('\n\n');
}
