import { az } from '@app/contract/texts/az';

/**
 * The loading screen: the same one index.html paints before any script runs (its styles,
 * `.boot-splash`, are in index.html, see vite.config.ts). No antd here, so the entry and the
 * login page do not carry Spin.
 */
export function FullScreenSpinner() {
  return (
    <div className="boot-splash" role="status" data-testid="full-screen-spinner">
      <div className="boot-splash__ring" aria-hidden="true" />
      <span>{az.app.loading}</span>
    </div>
  );
}
