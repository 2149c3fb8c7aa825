import { DEFAULT_PACKAGE_LIMIT, FLIGHT_CLOSE_TYPES, FLIGHT_STATUS, MAX_PACKAGE_LIMIT, ZFlightClose, type FlightCloseReply, type FlightCloseType } from '@app/contract/flights';
import { az, fill } from '@app/contract/texts/az';
import { Alert, Button, Descriptions, Flex, Form, Input, Modal, Result, Segmented, Space, Spin, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { FormModal } from '../../../shared/form/form-modal';
import { IntegerInput } from '../../../shared/form/integer-input';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { zodRule } from '../../../shared/form/zod-rule';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useCloseFlight, useFlightDetail } from '../api';
import { toAirWaybillWire } from '../model/flight-form';
import { FlightStatusTag } from './flight-cells';

const t = az.flightsUi;
const FORM_MODAL_WIDTH = 768;

interface CloseValues { airWaybill?: string; limit?: string }

export interface CloseFlightModalProps {
  flightId: number;
  type: FlightCloseType;
  onTypeChange: (type: FlightCloseType) => void;
  onClose: () => void;
  onOpenPackages: () => void;
}

/**
 * flights/{id}/close[/{type}] (spec §2, §4, §5): air waybill and packaging limit (integer, 400 by
 * default); "Yoxla" asks the server what closing would do (close=false), "Bağla" closes after a
 * confirmation; then the package runs it made are listed with a way to the packaging process.
 */
export function CloseFlightModal({ flightId, type, onTypeChange, onClose, onOpenPackages }: CloseFlightModalProps) {
  const flight = useFlightDetail(flightId);
  const [form] = Form.useForm<CloseValues>();
  const touched = useTouchedErrors(form);
  const close = useCloseFlight();
  const toast = useToast();
  const [modal, holder] = Modal.useModal();
  const [preview, setPreview] = useState<FlightCloseReply | null>(null);
  const [result, setResult] = useState<FlightCloseReply | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const usesLimit = type !== 'without-dispatch';
  const toWire = (values: CloseValues) => ({
    flight_id: flightId,
    airWaybill: toAirWaybillWire(values.airWaybill),
    limit: usesLimit ? (values.limit === '' || values.limit === undefined ? undefined : values.limit) : DEFAULT_PACKAGE_LIMIT,
  });
  const rule = (field: string) => zodRule(ZFlightClose, field, toWire);

  const send = async (isFinal: boolean) => {
    setFormError(null);
    let values: CloseValues;
    try {
      values = await form.validateFields();
    } catch {
      touched.markSubmitted();
      return;
    }
    const wire = toWire(values);
    const payload = { flight_id: flightId, airWaybill: wire.airWaybill, limit: Number(wire.limit ?? DEFAULT_PACKAGE_LIMIT) };
    try {
      const reply = await close.mutateAsync({ form: payload, type, isFinal });
      if (isFinal) {
        setResult(reply);
        void toast.success(reply.message || t.closed);
      } else setPreview(reply);
    } catch (error) {
      const rest = mapServerErrors(form, error, { airwaybill: 'airWaybill', air_waybill: 'airWaybill' });
      touched.markSubmitted();
      if (rest) setFormError(rest);
      // e.g. closed meanwhile in another tab: show its status now (the form locks when it is no longer open)
      void flight.refetch();
    }
  };

  /** The fields are checked before the confirmation: "Yes" on a form that cannot be sent would only show the errors then. */
  const isConfirming = useRef(false);
  const confirmClose = async () => {
    if (isConfirming.current) return; // a double click asks once
    isConfirming.current = true;
    try {
      await form.validateFields();
    } catch {
      isConfirming.current = false;
      touched.markSubmitted();
      return;
    }
    void modal.confirm({
      afterClose: () => { isConfirming.current = false; },
      title: az.form.confirmTitle,
      content: fill(t.confirmClose, { NAME: flight.data?.name ?? String(flightId), TYPE: t.closeTypes[type] ?? type }),
      okText: az.table.yes,
      cancelText: az.table.no,
      okButtonProps: { danger: true },
      onOk: () => send(true),
    });
  };

  const title = fill(t.closeTitle, { NAME: flight.data?.name ?? `#${flightId}` });
  if (result) {
    return (
      <Modal open width={FORM_MODAL_WIDTH} title={title} onCancel={onClose} destroyOnHidden
        footer={<Space><Button onClick={onClose}>{az.customsUi.close}</Button><Button type="primary" onClick={onOpenPackages} data-testid="close-open-packages">{t.openPackages}</Button></Space>}>
        <Result
          status="success"
          title={t.closed}
          subTitle={fill(t.closedSummary, { D: result.dispatched, S: result.skipped, R: result.runs.length })}
          style={{ padding: '16px 0' }}
          data-testid="close-result"
        />
        {result.runs.length > 0 && (
          <Table
            size="small"
            bordered
            rowKey="id"
            dataSource={result.runs}
            pagination={false}
            scroll={{ y: 240 }}
            data-testid="close-runs"
            columns={[
              { key: 'id', title: t.run, render: (_, r) => `#${r.id}` },
              { key: 'n', title: t.runParcels, align: 'right', render: (_, r) => r.input.length },
              { key: 'executed', title: t.status, render: (_, r) => (r.executed ? t.executed : t.notExecuted) },
            ]}
          />
        )}
      </Modal>
    );
  }

  const isOpen = flight.data?.state_id === FLIGHT_STATUS.open;
  return (
    <FormModal
      open
      form={form}
      onClose={onClose}
      width={FORM_MODAL_WIDTH}
      title={title}
      destroyOnHidden
      renderFooter={(requestClose) => (
        <Space>
          <Button onClick={requestClose}>{az.form.cancel}</Button>
          <Button onClick={() => void send(false)} loading={close.isPending && !close.variables?.isFinal} disabled={!isOpen} data-testid="close-preview">{t.preview}</Button>
          <Button type="primary" danger onClick={() => void confirmClose()} loading={close.isPending && close.variables?.isFinal} disabled={!isOpen} data-testid="close-submit">{t.closeSubmit}</Button>
        </Space>
      )}
    >
      {holder}
      {flight.isError && <Alert type="error" showIcon title={readErrorMessage(flight.error)} />}
      <Spin spinning={flight.isLoading}>
        {flight.data && (
          <Flex vertical gap={12}>
            <Space wrap>
              <FlightStatusTag flight={flight.data} />
              <Typography.Text>{t.count}: <b>{flight.data.count}</b></Typography.Text>
              <Typography.Text>{t.declared}: <b>{flight.data.declared}</b></Typography.Text>
              <Typography.Text>{t.undeclared}: <b>{flight.data.undeclared}</b></Typography.Text>
            </Space>
            {!isOpen && <Alert type="warning" showIcon title={t.notOpen} data-testid="close-not-open" />}
            <Segmented<FlightCloseType>
              block
              value={type}
              options={FLIGHT_CLOSE_TYPES.map((value) => ({ value, label: t.closeTypes[value] ?? value }))}
              onChange={(value) => { setPreview(null); onTypeChange(value); }}
              data-testid="close-type"
            />
            <Typography.Text type="secondary">{t.closeTypeHints[type]}</Typography.Text>
            {formError && <Alert type="error" showIcon title={formError} />}
            <Form<CloseValues>
              form={form}
              layout="vertical"
              disabled={!isOpen}
              initialValues={{ airWaybill: flight.data.airwaybill ?? '', limit: String(DEFAULT_PACKAGE_LIMIT) }}
              onFieldsChange={touched.onFieldsChange}
              onValuesChange={() => setPreview(null)}
              onFinish={() => void confirmClose()}
              data-testid="close-form"
            >
              <Flex gap={12} wrap>
                <Form.Item name="airWaybill" label={t.airwaybill} required rules={[rule('airWaybill')]} style={{ flex: '2 1 240px' }} {...touched.hideUntilTouched('airWaybill')}>
                  <Input autoFocus autoComplete="off" maxLength={64} placeholder={t.airwaybillPlaceholder} onPressEnter={() => void send(false)} />
                </Form.Item>
                <Form.Item name="limit" label={t.limit} extra={t.limitHint} rules={usesLimit ? [rule('limit')] : []} style={{ flex: '1 1 160px' }} {...touched.hideUntilTouched('limit')}>
                  <IntegerInput disabled={!usesLimit} maxLength={String(MAX_PACKAGE_LIMIT).length} />
                </Form.Item>
              </Flex>
            </Form>
            {preview && (
              <Descriptions size="small" bordered column={1} title={t.previewTitle} data-testid="close-preview-counts">
                <Descriptions.Item label={t.previewDispatched}>{preview.dispatched}</Descriptions.Item>
                <Descriptions.Item label={t.previewSkipped}>{preview.skipped}</Descriptions.Item>
                {usesLimit && <Descriptions.Item label={t.previewRuns}>{preview.runs.length || Math.ceil(preview.dispatched / Math.max(1, Number(form.getFieldValue('limit')) || DEFAULT_PACKAGE_LIMIT))}</Descriptions.Item>}
              </Descriptions>
            )}
          </Flex>
        )}
      </Spin>
    </FormModal>
  );
}
