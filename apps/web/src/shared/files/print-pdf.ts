/**
 * Opens a PDF in the browser's print dialog without leaving the page: the file goes into a hidden
 * iframe, which prints once loaded. The iframe and its object URL are removed a minute later
 * (the dialog may stay open that long).
 */
export function printPdfBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.style.right = '0';
  frame.style.bottom = '0';
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.testid = 'print-frame';
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      // A browser that blocks printing from a frame: open the PDF in a tab instead.
      window.open(url, '_blank', 'noopener');
    }
  };
  frame.src = url;
  document.body.appendChild(frame);
  window.setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, 60_000);
}
