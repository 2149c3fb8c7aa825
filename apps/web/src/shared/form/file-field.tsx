import { UploadOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Button, Upload, type UploadFile } from 'antd';

export interface FileFieldProps {
  value?: File[];
  onChange?: (files: File[]) => void;
  accept?: string;
  isMultiple?: boolean;
  disabled?: boolean;
}

function toUploadFile(file: File, index: number): UploadFile {
  return { uid: `${index}-${file.name}-${file.size}`, name: file.name, status: 'done', originFileObj: file as UploadFile['originFileObj'] };
}

/** spec §5: chosen files stay in the form until it is saved; nothing is uploaded on pick. */
export function FileField({ value = [], onChange, accept, isMultiple = false, disabled }: FileFieldProps) {
  return (
    <Upload
      accept={accept}
      multiple={isMultiple}
      disabled={disabled}
      fileList={value.map(toUploadFile)}
      beforeUpload={(file) => {
        onChange?.(isMultiple ? [...value, file] : [file]);
        return false;
      }}
      onRemove={(removed) => {
        onChange?.(value.filter((file, index) => toUploadFile(file, index).uid !== removed.uid));
        return true;
      }}
    >
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {az.form.upload}
      </Button>
    </Upload>
  );
}
