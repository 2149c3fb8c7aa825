import type { ResultProps } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * What shows when antd's Result cannot be loaded (the connection is gone, which is when error
 * states show most): the same texts and buttons, without the icon or illustration.
 */
function PlainResult({ title, subTitle, extra }: ResultProps) {
  return (
    <div role="status" style={{ padding: '48px 32px', textAlign: 'center' }}>
      {title && <div style={{ fontSize: 24, lineHeight: 1.33, color: 'rgba(0, 0, 0, 0.88)', marginBlock: 8 }}>{title}</div>}
      {subTitle && <div style={{ fontSize: 14, color: 'rgba(0, 0, 0, 0.45)' }}>{subTitle}</div>}
      {extra && <div style={{ marginTop: 24, display: 'flex', gap: 8, justifyContent: 'center', flexWrap: 'wrap' }}>{extra}</div>}
    </div>
  );
}

const Result = lazy<ComponentType<ResultProps>>(() =>
  import('antd/es/result').then(
    (m) => ({ default: m.default }),
    () => ({ default: PlainResult }),
  ),
);

/**
 * antd's Result, loaded when first shown: error, 403 and 404 states are rare, and Result with its
 * illustrations is about 10 KB (brotli) that the first render of a screen does not need (issue 15).
 * If its file cannot be loaded (offline), the plain texts and buttons show instead, so an error
 * state never turns into a page error.
 */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={<PlainResult {...props} />}>
      <Result {...props} />
    </Suspense>
  );
}
