// What the user sees instead of a blank window when a page fails: its code did not arrive (a lazy
// chunk, offline or from before a new release), or it threw while drawing. The shell around it
// stays usable; another page, or the same one once reloaded, starts again.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A lazy page's import that failed, in the words of Chromium, Firefox and Safari. */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(error.message);

/**
 * Plain elements, not antd's: this is in the bundle of every route, the login page's included,
 * whose size budget antd's Result (and even Button, split into a chunk of its own) broke.
 */
function PageFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div data-testid="page-failed" role="alert" style={{ padding: '48px 16px', textAlign: 'center' }}>
      <div aria-hidden style={{ fontSize: 48, lineHeight: 1, color: '#faad14' }}>⚠</div>
      <h2 style={{ margin: '16px 0 8px', fontSize: 22, fontWeight: 500 }}>{t('errors.pageLoadFailed')}</h2>
      <p style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{t(isChunkLoadError(error) ? 'errors.pageCodeFailed' : 'errors.pageCrashed')}</p>
      <button type="button" className="page-failed__reload" onClick={() => window.location.reload()}>{t('common.reload')}</button>
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
