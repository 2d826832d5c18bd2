// Operations the server does not implement yet answer 10001 `not implemented: <operationId>`
// (server/plugins/routes.ts; the text is the same in every language). A tab that calls one shows
// an honest empty state instead of an error, and keeps calling it, so that it fills itself the
// day the operation lands. Every tab recognises that answer here, and nowhere else.
import { Empty } from 'antd';
import { ApiError } from '@/api/client';

const NOT_IMPLEMENTED = 10001;

export const isNotImplemented = (error: unknown): boolean =>
  error instanceof ApiError && error.errCode === NOT_IMPLEMENTED && error.message.startsWith('not implemented');

/** The empty state of a tab whose data does not exist yet; `text` says why, translated. */
export function NotYet({ text, testId }: { text: string; testId: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} data-testid={testId} />;
}
