/** Why a product page could not be previewed; the service turns each kind into an Azerbaijani 422 on `url`. */
export type PreviewErrorKind =
  | 'invalid' | 'scheme' | 'credentials' | 'port'
  | 'refused' | 'dns' | 'timeout' | 'too_big' | 'not_html' | 'http_status' | 'redirects' | 'bad_redirect' | 'network'
  | 'not_parsed';

export class ProductPreviewError extends Error {
  constructor(readonly kind: PreviewErrorKind, message: string, readonly detail: { status?: number; host?: string; address?: string } = {}) {
    super(message);
    this.name = 'ProductPreviewError';
  }
}
