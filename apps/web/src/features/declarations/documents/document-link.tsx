import { FileOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { openDeclarationDocument } from '../api';

/** A link to the declaration's uploaded document (fetched with the session, not a bare href). */
export function DocumentLink({ path, label }: { path: string; label: string }) {
  const toast = useToast();
  const [isOpening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await openDeclarationDocument(path);
    } catch (error) {
      void toast.error(readErrorMessage(error));
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button size="small" type="link" icon={<FileOutlined />} loading={isOpening} style={{ padding: 0, height: 'auto' }} onClick={() => void open()}>
      {label}
    </Button>
  );
}
