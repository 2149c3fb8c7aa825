/** Hands a downloaded file to the browser under the given name (exports, spec §9 file names). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the browser took it.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** spec §9: export names end in a random number ('users_list_48213.csv'). */
export function buildExportName(prefix: string, extension: string): string {
  return `${prefix}${Math.floor(Math.random() * 100_000)}.${extension}`;
}
