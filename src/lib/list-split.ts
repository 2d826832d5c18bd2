// Lists typed into one field (serial numbers, e-mail addresses, ids): items separated by commas,
// Chinese commas (，、), spaces or new lines, as people paste them from spreadsheets and chats
// (000 section 5). Empty items and repeats are dropped; the first occurrence keeps its place.

const SEPARATORS = /[,，、\s]+/;

export function splitList(text: string): string[] {
  return [...new Set(text.split(SEPARATORS).filter((item) => item !== ''))];
}
