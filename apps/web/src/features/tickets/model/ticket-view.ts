import { SENDER_CUSTOMER } from '@app/contract/tickets';

/* Pure rules of the conversation screen (unit-tested). */

export interface FileLink {
  url: string;
  name: string;
  extension: string;
}

/** `document_file` (comma-separated URLs, each ending with the file's name) → links with names. */
export function readFileLinks(documentFile: string | undefined | null): FileLink[] {
  if (!documentFile) return [];
  return documentFile.split(',').map((url) => url.trim()).filter(Boolean).map((url) => {
    const last = url.split('?')[0]!.split('/').pop() ?? url;
    let name = last;
    try {
      name = decodeURIComponent(last);
    } catch {
      // a name that is not valid percent-encoding stays as it came
    }
    const dot = name.lastIndexOf('.');
    return { url, name, extension: dot > 0 ? name.slice(dot + 1).toLowerCase() : '' };
  });
}

/** Staff write on the right, the customer on the left (the wire's `admin`: 0 customer). */
export function isStaffMessage(message: { admin: number }): boolean {
  return message.admin !== SENDER_CUSTOMER;
}

/** A picked template fills an empty reply, or is added below what is already written. */
export function applyTemplate(current: string, body: string): string {
  return current.trim() === '' ? body : `${current.replace(/\s+$/, '')}\n\n${body}`;
}

/** Ctrl+Enter (Cmd+Enter on a Mac) sends; a plain Enter makes a new line. */
export function isSendShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}
