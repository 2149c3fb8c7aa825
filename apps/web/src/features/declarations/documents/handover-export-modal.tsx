import { DATE_TIME_FORMAT } from '@app/contract/common-constants';
import { EXPORT_FILE_PREFIX } from '@app/contract/documents-constants';
import { az } from '@app/contract/texts/az';
import { DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { buildExportName, saveBlob } from '../../../shared/files/save-blob';
import { FormModal } from '../../../shared/form/form-modal';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useBranches } from '../api';
import { DOCUMENT_PATHS, requestExport } from './document-api';
import { useExportTasks } from './use-export-tasks';

const t = az.documentsUi;

interface Values {
  branch_id?: number;
  country_id?: number;
  range?: [Dayjs, Dayjs];
}

/** spec §7 handing_export: branch, country and a date range sent as YYYY-MM-DD HH:mm:ss. */
export function HandoverExportModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const branches = useBranches();
  const toast = useToast();
  const tasks = useExportTasks();
  const [isLoading, setLoading] = useState(false);

  const submit = async (values: Values) => {
    if (!values.range) return;
    setLoading(true);
    const key = 'handover-export';
    toast.open({ key, type: 'loading', content: t.preparing, duration: 0 });
    try {
      const outcome = await requestExport(DOCUMENT_PATHS.handoverExport, {
        branch_id: values.branch_id,
        country_id: values.country_id,
        start_date: values.range[0].startOf('day').format(DATE_TIME_FORMAT),
        end_date: values.range[1].endOf('day').format(DATE_TIME_FORMAT),
      });
      toast.destroy(key);
      if (outcome.kind === 'task') tasks.watch(outcome.taskId);
      else {
        saveBlob(outcome.blob, buildExportName(EXPORT_FILE_PREFIX.handover, 'xlsx'));
        onClose();
      }
    } catch (error) {
      toast.open({ key, type: 'error', content: readErrorMessage(error) });
    } finally {
      setLoading(false);
    }
  };

  return (
    <FormModal open form={form} width={576} title={t.handoverExportTitle} onClose={onClose} okText={t.export} onOk={() => form.submit()} confirmLoading={isLoading}>
      {tasks.contextHolder}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ range: [dayjs().subtract(30, 'day'), dayjs()] }}>
        <Form.Item name="branch_id" label={t.branch}>
          <Select allowClear showSearch optionFilterProp="label" options={branches.data ?? []} loading={branches.isLoading} data-testid="handover-export-branch" />
        </Form.Item>
        <Form.Item name="country_id" label={t.country}>
          <Select allowClear options={Object.entries(az.countries).map(([value, label]) => ({ value: Number(value), label }))} />
        </Form.Item>
        <Form.Item name="range" label={t.dateRange} rules={[{ required: true, message: t.dateRangeRequired }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} format="YYYY-MM-DD" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
