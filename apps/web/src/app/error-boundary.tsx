import { az } from '@app/contract/texts/az';
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useReconnect } from '../shared/hooks/use-reconnect';
import { isLoadFailure } from '../shared/http/load-failure';
import { LazyResult } from '../shared/ui/lazy-result';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new key (the path) clears the error, so the next page renders again. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey?: string;
}

/**
 * A page whose code could not load (offline) recovers by itself when the connection is back: the
 * page reloads (a lazy screen that failed to load stays failed until then). Any other error: the
 * retry button renders the page again.
 */
function ErrorResult({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const isLoad = isLoadFailure(error);
  const retry = () => (isLoad ? window.location.reload() : onRetry());
  useReconnect(retry);
  return (
    <LazyResult
      status="500"
      title={az.errors.pageError}
      subTitle={isLoad ? az.connection.pageOffline : az.errors.browserError}
      extra={
        <Button type="primary" onClick={retry} data-testid="page-error-retry">
          {az.app.retry}
        </Button>
      }
    />
  );
}

/** spec §8: a page that fails to render shows 'Xəta baş verdi' inside the shell. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorResult error={this.state.error} onRetry={() => this.setState({ error: null })} /> : this.props.children;
  }
}
