// What the user sees instead of a blank window when a page fails: its code did not arrive (a lazy
// chunk, offline or from before a new release), or it threw while drawing. The shell around it
// stays usable; another page, or the same one once reloaded, starts again.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A lazy page's import that failed, in the words of Chromium, Firefox and Safari. */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(error.message);

function PageFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div data-testid="page-failed">
      <Result status="warning" title={t('errors.pageLoadFailed')}
        subTitle={t(isChunkLoadError(error) ? 'errors.pageCodeFailed' : 'errors.pageCrashed')}
        extra={<Button type="primary" onClick={() => window.location.reload()}>{t('common.reload')}</Button>} />
    </div>
  );
}

interface Props {
  /** A new value (another page, a tab's refresh) clears the failure and tries again. */
  resetKey: string | undefined;
  children: ReactNode;
}

export class PageErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== undefined) this.setState({ error: undefined });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // For whoever looks at the console: the page's own stack.
    console.warn('page failed', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <PageFailed error={this.state.error} />;
  }
}

/** Around the app's routes: a failed public page (the login page's chunk) is cleared by the next path. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorBoundary resetKey={pathname}>{children}</PageErrorBoundary>;
}
