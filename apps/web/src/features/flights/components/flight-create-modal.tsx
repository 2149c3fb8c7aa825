import { COUNTRY } from '@app/contract/countries';
import { DATE_FORMAT } from '@app/contract/common-constants';
import { FLIGHT_STATUS, ZFlightCreate } from '@app/contract/flights';
import { az } from '@app/contract/texts/az';
import { Alert, Col, DatePicker, Form, Input, Row } from 'antd';
import { FormModal } from '../../../shared/form/form-modal';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { SearchSelect } from '../../../shared/form/search-select';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { zodRule } from '../../../shared/form/zod-rule';
import { useToast } from '../../../shared/toast/toast-provider';
import { useCountryOptions, useCreateFlight, useFlightStatuses } from '../api';
import { buildDefaultFlightName, isDefaultFlightName } from '../model/flight-form';
import { PROVIDER_OPTIONS } from './flight-columns';

const t = az.flightsUi;
/** spec §9: form modals are 768 px wide. */
const FORM_MODAL_WIDTH = 768;

interface CreateValues { name?: string; country_id?: number; state_id?: number; trendyol?: number }

/**
 * flights/create (spec §2, §4, §5): name from today's date, start and end dates shown but not
 * editable (the server keeps them), country, status (29 by default) and name required; server
 * field errors (422) land on their fields.
 */
export function FlightCreateModal({ onClose, onCreated }: { onClose: () => void; onCreated?: (id: number) => void }) {
  const [form] = Form.useForm<CreateValues>();
  const touched = useTouchedErrors(form);
  const countries = useCountryOptions();
  const statuses = useFlightStatuses();
  const create = useCreateFlight();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const today = useMemo(() => dayjs(), []);
  const toWire = (values: CreateValues) => ({
    name: values.name?.trim() ?? '',
    start_date: today.format(DATE_FORMAT),
    state_id: values.state_id,
    country_id: values.country_id,
    trendyol: values.trendyol,
  });
  const rule = (field: string) => zodRule(ZFlightCreate, field, toWire);

  const submit = async (values: CreateValues) => {
    setFormError(null);
    try {
      const reply = await create.mutateAsync({ ...toWire(values), state_id: Number(values.state_id), country_id: Number(values.country_id) });
      void toast.success(t.created);
      onCreated?.(reply.data.id);
      onClose();
    } catch (error) {
      const rest = mapServerErrors(form, error, { start_date: 'name', end_date: 'name' });
      touched.markSubmitted();
      if (rest) setFormError(rest);
    }
  };

  return (
    <FormModal
      form={form}
      open
      width={FORM_MODAL_WIDTH}
      title={t.createTitle}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'flight-create-submit' }}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{ name: buildDefaultFlightName(COUNTRY.turkey, today), country_id: COUNTRY.turkey, state_id: FLIGHT_STATUS.open, trendyol: 0 }}
        onFieldsChange={touched.onFieldsChange}
        onValuesChange={(changed: CreateValues, all: CreateValues) => {
          // The date-made name follows the country until the user types their own.
          if ('country_id' in changed && isDefaultFlightName(all.name)) form.setFieldValue('name', buildDefaultFlightName(changed.country_id, today));
        }}
        onFinish={(values) => void submit(values)}
        onFinishFailed={touched.markSubmitted}
        data-testid="flight-create-form"
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t.name} required rules={[rule('name')]} {...touched.hideUntilTouched('name')}>
              <Input autoFocus autoComplete="off" maxLength={120} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="country_id" label={t.country} required rules={[rule('country_id')]} {...touched.hideUntilTouched('country_id')}>
              <SearchSelect options={countries.data ?? []} loading={countries.isLoading} data-testid="flight-create-country" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t.startedAt}>
              <DatePicker value={today} format={DATE_FORMAT} disabled style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t.endedAt}>
              <DatePicker format={DATE_FORMAT} disabled style={{ width: '100%' }} placeholder="—" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="state_id" label={t.status} required rules={[rule('state_id')]} {...touched.hideUntilTouched('state_id')}>
              <SearchSelect options={statuses.data ?? []} loading={statuses.isLoading} data-testid="flight-create-status" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="trendyol" label={t.provider}>
              <SearchSelect options={PROVIDER_OPTIONS} allowClear={false} data-testid="flight-create-provider" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}
