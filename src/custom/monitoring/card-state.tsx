// The states every monitoring card goes through, in one place: loading (a skeleton), not
// implemented yet (the translated empty state of not-yet.tsx), failed (the error), empty (no
// data for this scope or period), and the data, dimmed while the next answer loads.
import { Alert, Empty, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { errorText } from '@/lib/error-text';
import { NotYet } from '@/custom/plant/components/not-yet';
import type { Load } from './use-load';

export interface CardStateProps<T> {
  load: Load<T>;
  /** Prefix of the data-testid of each state: `<id>-loading`, `-not-yet`, `-error`, `-empty`, `-data`. */
  testId: string;
  isEmpty: (data: T) => boolean;
  /** What the empty state says; a node when it holds more than a sentence (a hint under it). */
  emptyText?: React.ReactNode;
  /** Why the data does not exist yet, when the generic text says too little. */
  notYetText?: string;
  children: (data: T) => React.ReactNode;
}

export function CardState<T>({ load, testId, isEmpty, emptyText, notYetText, children }: CardStateProps<T>) {
  const { t } = useTranslation();
  if (load.notYet) return <NotYet text={notYetText ?? t('monitoring.notYet')} testId={`${testId}-not-yet`} />;
  if (load.error !== undefined) {
    const message = load.error instanceof ApiError ? errorText(t, load.error) : t('errors.unknown');
    return <Alert type="warning" showIcon message={message} data-testid={`${testId}-error`} />;
  }
  if (load.data === undefined) return <div data-testid={`${testId}-loading`}><Skeleton active paragraph={{ rows: 3 }} /></div>;
  if (isEmpty(load.data)) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('monitoring.empty')} data-testid={`${testId}-empty`} />;
  }
  return <Spin spinning={load.loading}><div data-testid={`${testId}-data`}>{children(load.data)}</div></Spin>;
}
