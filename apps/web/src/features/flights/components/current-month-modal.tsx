import { MONTH_FORMAT } from '@app/contract/common-constants';
import { az, fill } from '@app/contract/texts/az';
import { Alert, DatePicker, Form, Spin } from 'antd';
import { FormModal } from '../../../shared/form/form-modal';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useChangeCurrentMonth, useFlightDetail } from '../api';

const t = az.flightsUi;

interface MonthValues { this_month?: Dayjs | null }

/** flights/{id}/current-month/update: the flight's accounting month (YYYY-MM). */
export function CurrentMonthModal({ flightId, onClose }: { flightId: number; onClose: () => void }) {
  const flight = useFlightDetail(flightId);
  const change = useChangeCurrentMonth();
  const [form] = Form.useForm<MonthValues>();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (values: MonthValues) => {
    setFormError(null);
    try {
      await change.mutateAsync({ flight_id: flightId, this_month: (values.this_month ?? dayjs()).format(MONTH_FORMAT) });
      void toast.success(t.monthChanged);
      onClose();
    } catch (error) {
      const rest = mapServerErrors(form, error);
      if (rest) setFormError(rest);
    }
  };

  return (
    <FormModal
      form={form}
      open
      title={fill(t.currentMonthTitle, { NAME: flight.data?.name ?? `#${flightId}` })}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: !flight.data, 'data-testid': 'current-month-submit' }}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      {flight.isError && <Alert type="error" showIcon title={readErrorMessage(flight.error)} />}
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Spin spinning={flight.isLoading}>
        {flight.data && (
          <Form<MonthValues>
            form={form}
            layout="vertical"
            initialValues={{ this_month: flight.data.this_month ? dayjs(`${flight.data.this_month}-01`) : dayjs() }}
            onFinish={(values) => void submit(values)}
            data-testid="current-month-form"
          >
            <Form.Item name="this_month" label={t.month} rules={[{ required: true, message: az.errors.required }]}>
              <DatePicker picker="month" format={MONTH_FORMAT} allowClear={false} autoFocus style={{ width: '100%' }} />
            </Form.Item>
          </Form>
        )}
      </Spin>
    </FormModal>
  );
}
