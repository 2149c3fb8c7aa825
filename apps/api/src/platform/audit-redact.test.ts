import { describe, expect, it } from 'vitest';
import { redactBody } from './audit';

describe('redactBody (what an audit entry keeps of a request body)', () => {
  it('hides secrets and keeps an uploaded file as its size, not its bytes', () => {
    const file = Buffer.from('track;bag\nAZ1;KS-1\n');
    const out = redactBody({ password: 'secret-1', flight_id: '12', document_file: file, files: [file, 'x'] }) as Record<string, unknown>;
    expect(out.password).toBe('***');
    expect(out.flight_id).toBe('12');
    expect(out.document_file).toBe(`[file ${file.byteLength} bytes]`);
    expect(out.files).toEqual([`[file ${file.byteLength} bytes]`, 'x']);
    expect(JSON.stringify(out)).not.toContain('AZ1');
  });
});
