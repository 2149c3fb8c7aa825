import { ZAirwaybillChange } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Form, Input, Modal, Spin } from 'antd';
import { FormModal } from '../../../shared/form/form-modal';
import { useState } from 'react';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { zodRule } from '../../../shared/form/zod-rule';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useAirwaybillInfo, useChangeAirwaybill, useFlightDetail } from '../api';
import { toAirWaybillWire } from '../model/flight-form';

const t = az.flightsUi;

interface AirwaybillValues { airwaybill?: string }

/** flights/{id}/air-waybills/update (spec §4: only at 30; the parcels' customs records follow). */
export function AirwaybillModal({ flightId, onClose }: { flightId: number; onClose: () => void }) {
  const info = useAirwaybillInfo(flightId);
  const flight = useFlightDetail(flightId);
  const change = useChangeAirwaybill();
  const [form] = Form.useForm<AirwaybillValues>();
  const touched = useTouchedErrors(form);
  const toast = useToast();
  const [modal, holder] = Modal.useModal();
  const [formError, setFormError] = useState<string | null>(null);
  const toWire = (values: AirwaybillValues) => ({ flight_id: flightId, airwaybill: toAirWaybillWire(values.airwaybill) });
  const can_change = info.data?.can_change ?? false;

  const submit = (values: AirwaybillValues) => {
    const wire = toWire(values);
    void modal.confirm({
      title: az.form.confirmTitle,
      content: fill(t.confirmAirwaybill, { N: info.data?.dispatched ?? 0, AWB: wire.airwaybill }),
      okText: az.table.yes,
      cancelText: az.table.no,
      onOk: async () => {
        setFormError(null);
        try {
          const reply = await change.mutateAsync(wire);
          void toast.success(reply.message || t.airwaybillChanged);
          onClose();
        } catch (error) {
          const rest = mapServerErrors(form, error, { airWaybill: 'airwaybill' });
          touched.markSubmitted();
          if (rest) setFormError(rest);
        }
      },
    });
  };

  return (
    <FormModal
      form={form}
      open
      title={fill(t.changeAirwaybillTitle, { NAME: flight.data?.name ?? `#${flightId}` })}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: !can_change, 'data-testid': 'airwaybill-submit' }}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      {holder}
      {info.isError && <Alert type="error" showIcon title={readErrorMessage(info.error)} />}
      {info.data && !can_change && <Alert type="warning" showIcon title={t.airwaybillOnlyClosed} style={{ marginBottom: 12 }} data-testid="airwaybill-not-closed" />}
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Spin spinning={info.isLoading}>
        {info.data && (
          <Form<AirwaybillValues>
            form={form}
            layout="vertical"
            disabled={!can_change}
            initialValues={{ airwaybill: info.data.airwaybill ?? '' }}
            onFieldsChange={touched.onFieldsChange}
            onFinish={submit}
            onFinishFailed={touched.markSubmitted}
            data-testid="airwaybill-form"
          >
            <Form.Item label={t.currentAirwaybill}>
              <Input value={info.data.airwaybill ?? '—'} readOnly disabled />
            </Form.Item>
            <Form.Item
              name="airwaybill"
              label={t.newAirwaybill}
              required
              rules={[zodRule(ZAirwaybillChange, 'airwaybill', toWire)]}
              {...touched.hideUntilTouched('airwaybill')}
            >
              <Input autoFocus autoComplete="off" maxLength={64} placeholder={t.airwaybillPlaceholder} />
            </Form.Item>
          </Form>
        )}
      </Spin>
    </FormModal>
  );
}
