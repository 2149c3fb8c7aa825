import { az } from '@app/contract/texts/az';
import { Button } from 'antd';
import { LazyResult } from '../shared/ui/lazy-result';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new key (the path) clears the error, so the next page renders again. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey?: string;
}

function ErrorResult({ detail }: { detail?: string }) {
  return (
    <LazyResult
      status="500"
      title={az.errors.pageError}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
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
    return this.state.error ? <ErrorResult detail={az.errors.browserError} /> : this.props.children;
  }
}
