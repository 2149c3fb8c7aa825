import { DownloadOutlined, SendOutlined, TeamOutlined } from '@ant-design/icons';
import { BULK_BODY_MAX, BULK_CHANNEL, BULK_PLACEHOLDERS, type BulkAudience, type BulkKind } from '@app/contract/bulk-notifications';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '@app/contract/common-constants';
import { PLACEHOLDER_NAMES } from '@app/contract/notifications';
import { az, fill } from '@app/contract/texts/az';
import { azNotifier } from '@app/contract/texts/az-notifier';
import { Alert, Button, Col, DatePicker, Form, Input, Modal, Radio, Row, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { buildExportName, saveBlob } from '../../../shared/files/save-blob';
import { DecimalInput } from '../../../shared/form/decimal-input';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { SearchSelect } from '../../../shared/form/search-select';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { countBulkRecipients, exportBulkRecipients, useChannelTemplates, useSendBulk } from '../bulk-api';
import { useBranchOptions, useCountryOptions, useFlightOptions, useStatusOptions } from '../lookups';
import { audienceKey, describeTextFields, listAudiences, templateTypeOf, toBulkQuery, toBulkSendForm, type BulkFormValues } from '../model/bulk-form';
import { PlaceholderChips } from './placeholder-chips';
import { usePlaceholderInsert } from './use-placeholder-insert';

const t = azNotifier.bulk;
const DECLARATIONS_MODEL = 2;

/** The form as antd keeps it: dates as dayjs. */
interface FieldValues extends Omit<BulkFormValues, 'registered_from' | 'registered_to' | 'planned_at'> {
  registered?: [Dayjs | null, Dayjs | null] | null;
  planned?: Dayjs | null;
}

const AUDIENCE_LABELS: Record<BulkAudience, string> = {
  all: t.audienceAll, filter: t.audienceFilters, users: t.audienceUsers, user_numbers: t.audienceNumbers, user_emails: t.audienceEmails,
};

function toValues(fields: FieldValues): BulkFormValues {
  const { registered, planned, ...rest } = fields;
  return {
    ...rest,
    registered_from: registered?.[0] ? registered[0].format(DATE_FORMAT) : null,
    registered_to: registered?.[1] ? registered[1].format(DATE_FORMAT) : null,
    planned_at: planned ? planned.format(DATE_TIME_FORMAT) : null,
  };
}

/** The server's field names → the form's (a list typed in one text field, the range, the time). */
const SERVER_FIELDS = { user_id: 'user_ids', number: 'addresses', email: 'addresses', d: 'registered', planned_at: 'planned', search_id: 'search_id' };

/**
 * A channel's bulk send (spec §2, issue 20 item 4): recipients by audience and filters, the text
 * (or a template), an optional time; the recipients are counted before anything goes out and the
 * send asks 'Diqqət' with that count. The bulk then runs on the server's queue (`onStarted`).
 */
export function BulkSendForm({ kind, onStarted }: { kind: BulkKind; onStarted: (id: number) => void }) {
  const [form] = Form.useForm<FieldValues>();
  const [modal, contextHolder] = Modal.useModal();
  const toast = useToast();
  const send = useSendBulk(kind);
  const { bodyRef, titleRef, insert, remember } = usePlaceholderInsert(form);
  const [counted, setCounted] = useState<{ key: string; total: number } | null>(null);
  const [isCounting, setCounting] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const audience = (Form.useWatch('search_id', form) ?? 'all') as BulkAudience;
  const templateId = Form.useWatch('template_id', form) as number | null | undefined;
  const watched = Form.useWatch([], form) as FieldValues | undefined;
  const fields = describeTextFields(kind);
  const channel = BULK_CHANNEL[kind];
  const branches = useBranchOptions();
  const countries = useCountryOptions();
  const statuses = useStatusOptions(DECLARATIONS_MODEL);
  const flights = useFlightOptions();
  const templates = useChannelTemplates(templateTypeOf(kind), fields.hasTemplate);

  const currentKey = watched ? audienceKey(toValues(watched)) : null;
  const isCountFresh = counted !== null && counted.key === currentKey;
  const audienceFieldNames = ['search_id', 'user_ids', 'addresses', 'amount'];

  /** Counts the recipients of what the form asks for now; null when the form's audience fields are not valid. */
  const count = async (): Promise<{ key: string; total: number } | null> => {
    setFormError(null);
    try {
      await form.validateFields(audienceFieldNames);
    } catch {
      return null;
    }
    const values = toValues(form.getFieldsValue(true) as FieldValues);
    setCounting(true);
    try {
      const reply = await countBulkRecipients(kind, toBulkQuery(values));
      const result = { key: audienceKey(values), total: reply.total };
      setCounted(result);
      return result;
    } catch (error) {
      const rest = mapServerErrors(form, error, SERVER_FIELDS);
      if (rest) setFormError(rest);
      return null;
    } finally {
      setCounting(false);
    }
  };

  const submit = async () => {
    setFormError(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const result = isCountFresh && counted ? counted : await count();
    if (!result) return;
    if (result.total === 0) {
      setFormError(t.noRecipients);
      return;
    }
    const values = toValues(form.getFieldsValue(true) as FieldValues);
    void modal.confirm({
      title: az.form.confirmTitle,
      content: fill(t.confirmSend, { N: result.total.toLocaleString('az') }),
      okText: t.send,
      cancelText: az.form.cancel,
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          const reply = await send.mutateAsync(toBulkSendForm(kind, values));
          void toast.success(reply.message || t.started);
          setCounted(null);
          // a new, empty form: the text just sent is not sent twice by a second click
          form.resetFields();
          onStarted(reply.data.id);
        } catch (error) {
          const rest = mapServerErrors(form, error, SERVER_FIELDS);
          if (rest) setFormError(rest);
        }
      },
    });
  };

  const exportRecipients = async () => {
    try {
      await form.validateFields(audienceFieldNames);
    } catch {
      return;
    }
    setExporting(true);
    try {
      const blob = await exportBulkRecipients(kind, toBulkQuery(toValues(form.getFieldsValue(true) as FieldValues)));
      saveBlob(blob, buildExportName('bulk_mail_recipients_', 'csv'));
    } catch (error) {
      void toast.error(readErrorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const isAddressList = audience === 'user_numbers' || audience === 'user_emails';
  const isTemplateChosen = !!templateId;

  return (
    <Form<FieldValues>
      form={form}
      layout="vertical"
      initialValues={{ search_id: 'all', branch_id: [], country_id: [], state_id: [], customs: false }}
      onFinish={() => void submit()}
      data-testid={`bulk-form-${kind}`}
    >
      {contextHolder}
      <Form.Item name="search_id" label={t.audience}>
        <Radio.Group optionType="button" options={listAudiences(kind).map((value) => ({ value, label: AUDIENCE_LABELS[value] }))} />
      </Form.Item>
      {audience === 'filter' ? (
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="branch_id" label={t.branches}>
              <SearchSelect mode="multiple" options={branches.data ?? []} loading={branches.isLoading} data-testid="bulk-branches" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="country_id" label={t.countries}>
              <SearchSelect mode="multiple" options={countries.data ?? []} loading={countries.isLoading} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="state_id" label={t.states}>
              <SearchSelect mode="multiple" options={statuses.data ?? []} loading={statuses.isLoading} data-testid="bulk-states" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="flight_id" label={t.flight}>
              <SearchSelect options={flights.data ?? []} loading={flights.isLoading} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="registered" label={t.registered}>
              <DatePicker.RangePicker format={DATE_FORMAT} allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="amount" label={t.amount} tooltip={t.amountHint}>
              <DecimalInput />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="customs" label={t.customs} tooltip={t.customsHint} valuePropName="checked">
              <Switch aria-label={t.customsHint} />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      {audience === 'users' ? (
        <Form.Item name="user_ids" label={t.users} extra={t.usersHint} rules={[{ required: true, whitespace: true, message: t.required }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="bulk-user-ids" />
        </Form.Item>
      ) : null}
      {isAddressList ? (
        <Form.Item
          name="addresses"
          label={audience === 'user_emails' ? t.emails : t.numbers}
          extra={audience === 'user_emails' ? t.emailsHint : t.numbersHint}
          rules={[{ required: true, whitespace: true, message: t.required }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} data-testid="bulk-addresses" />
        </Form.Item>
      ) : null}
      <Space wrap style={{ marginBottom: 16 }}>
        <Button icon={<TeamOutlined />} loading={isCounting} onClick={() => void count()} data-testid="bulk-count">{t.count}</Button>
        {channel === 'mail' ? (
          <Button icon={<DownloadOutlined />} loading={isExporting} onClick={() => void exportRecipients()}>{t.export}</Button>
        ) : null}
        {counted ? (
          isCountFresh
            ? <Alert type={counted.total > 0 ? 'info' : 'warning'} showIcon title={counted.total > 0 ? fill(t.recipients, { N: counted.total.toLocaleString('az') }) : t.noRecipients} style={{ padding: '2px 10px' }} data-testid="bulk-recipients" />
            : <Alert type="warning" showIcon title={t.recipientsStale} style={{ padding: '2px 10px' }} />
        ) : null}
      </Space>
      {fields.hasTemplate ? (
        <Form.Item name="template_id" label={t.template} extra={t.templateHint}>
          <SearchSelect options={templates.data ?? []} loading={templates.isLoading} data-testid="bulk-template" />
        </Form.Item>
      ) : null}
      {fields.hasTitle && !isTemplateChosen ? (
        <Form.Item name="title" label={t.title} rules={[{ required: true, whitespace: true, message: t.required }]}>
          <Input ref={titleRef} autoComplete="off" maxLength={300} onFocus={() => remember('title')} onSelect={() => remember('title')} data-testid="bulk-title" />
        </Form.Item>
      ) : null}
      {!isTemplateChosen ? (
        <>
          <Form.Item name="body" label={t.body} rules={[{ required: true, whitespace: true, message: t.required }]}>
            <Input.TextArea
              ref={bodyRef}
              autoSize={{ minRows: 4, maxRows: 12 }}
              count={{ show: true, max: BULK_BODY_MAX[channel] }}
              onFocus={() => remember('body')}
              onSelect={() => remember('body')}
              data-testid="bulk-body"
            />
          </Form.Item>
          <PlaceholderChips names={BULK_PLACEHOLDERS} describe={(name) => PLACEHOLDER_NAMES[name as keyof typeof PLACEHOLDER_NAMES]} onInsert={insert} />
        </>
      ) : null}
      <Form.Item name="planned" label={t.plannedAt} extra={t.plannedAtHint}>
        <DatePicker showTime format={DATE_TIME_FORMAT} disabledDate={(day) => day.isBefore(dayjs(), 'day')} style={{ minWidth: 240 }} />
      </Form.Item>
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} data-testid="bulk-error" /> : null}
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending || isCounting} data-testid="bulk-send">{t.send}</Button>
    </Form>
  );
}
