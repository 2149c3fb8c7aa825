import { DATE_FORMAT } from '@app/contract/common-constants';
import { ROLE } from '@app/contract/roles';
import { az } from '@app/contract/texts/az';
import { ZUserCreateForm, ZUserUpdateForm } from '@app/contract/users';
import { Alert, Col, DatePicker, Form, Input, Radio, Row, Spin, Switch } from 'antd';
import { FormModal } from '../../../shared/form/form-modal';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { SearchSelect } from '../../../shared/form/search-select';
import { useTouchedErrors } from '../../../shared/form/use-touched-errors';
import { zodRule } from '../../../shared/form/zod-rule';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useSaveUser, useUser, useUserAppOptions } from '../api';
import { canChangeAccount } from '../model/user-access';
import { buildCreateDefaults, buildEditValues, toUserWireForm, type UserFormValues } from '../model/user-form';
import { GENDER_OPTIONS } from './user-columns';

/** spec §9: form modals are 768 px wide. */
export const FORM_MODAL_WIDTH = 768;

interface UserFormModalProps {
  /** Absent: create. */
  userId?: number;
  /** The role a new user starts with (users/{role} lists create staff of that role). */
  defaultRole?: number;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** spec §2/§5: the user form; create with the defaults of §5, edit from the saved user. */
export function UserFormModal({ userId, defaultRole, onClose, onSaved }: UserFormModalProps) {
  const isUpdate = userId !== undefined;
  const [form] = Form.useForm<UserFormValues>();
  const { user: viewer } = useAuth();
  const toast = useToast();
  const options = useUserAppOptions();
  const existing = useUser(userId);
  const save = useSaveUser();
  const touched = useTouchedErrors(form);
  const [formError, setFormError] = useState<string | null>(null);
  const initialValues = useMemo(() => buildCreateDefaults(dayjs(), defaultRole ?? ROLE.client), [defaultRole]);

  useEffect(() => {
    if (existing.data) form.setFieldsValue(buildEditValues(existing.data));
  }, [existing.data, form]);

  const schema = isUpdate ? ZUserUpdateForm : ZUserCreateForm;
  const toWire = (values: UserFormValues) => toUserWireForm(values, userId);
  const rule = (field: keyof UserFormValues) => zodRule(schema, field, toWire);
  const item = (name: keyof UserFormValues) => ({ name, ...touched.hideUntilTouched(name) });

  const currentRole = existing.data?.admin ?? defaultRole ?? ROLE.client;
  const roleOptions = [ROLE.client, ROLE.admin, ROLE.warehouseman, ROLE.backOffice, ROLE.partner]
    .filter((role) => role === currentRole || canChangeAccount(viewer, role))
    .map((role) => ({ value: role, label: az.users.roles[role] ?? String(role) }));
  // Changing one's own role is refused by the server; the field stays as it is.
  const isOwnAccount = userId === viewer.id;

  const submit = async (values: UserFormValues) => {
    setFormError(null);
    try {
      const reply = await save.mutateAsync({ form: toUserWireForm(values, userId), isUpdate });
      void toast.success(isUpdate ? az.form.saved : az.usersUi.created);
      onSaved?.(reply.data?.id ?? userId ?? 0);
      onClose();
    } catch (error) {
      // spec §5: field errors go onto their fields; the rest (an e-mail failure, say) shows joined above.
      const rest = mapServerErrors(form, error);
      touched.markSubmitted();
      if (rest) setFormError(rest);
    }
  };

  const isLoading = isUpdate && existing.isLoading;

  return (
    <FormModal
      form={form}
      open
      width={FORM_MODAL_WIDTH}
      title={isUpdate ? az.usersUi.editTitle : az.usersUi.createTitle}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: isLoading || existing.isError }}
      destroyOnHidden
    >
      {existing.isError && <Alert type="error" showIcon title={readErrorMessage(existing.error)} />}
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} data-testid="user-form-error" />}
      <Spin spinning={isLoading}>
        <Form<UserFormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues}
          onFieldsChange={touched.onFieldsChange}
          onFinish={(values) => void submit(values)}
          onFinishFailed={touched.markSubmitted}
          data-testid="user-form"
        >
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item {...item('name')} label={az.users.name} rules={[rule('name')]}>
                <Input autoFocus autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('surname')} label={az.users.surname} rules={[rule('surname')]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('email')} label={az.users.email} rules={[rule('email')]}>
                <Input inputMode="email" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('phone')} label={az.users.phone} rules={[rule('phone')]}>
                <Input inputMode="tel" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('gender')} label={az.users.gender} rules={[rule('gender')]}>
                <Radio.Group options={GENDER_OPTIONS} optionType="button" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('birth_date')} label={az.users.birthDate} rules={[rule('birth_date')]}>
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabledDate={(day) => day.isAfter(dayjs())} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('branch_id')} label={az.users.branch} rules={[rule('branch_id')]}>
                <SearchSelect
                  loading={options.isLoading}
                  options={(options.data?.branches ?? []).map((branch) => ({ value: branch.id, label: branch.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('admin')} label={az.users.role} rules={[rule('admin')]}>
                <SearchSelect options={roleOptions} allowClear={false} disabled={isOwnAccount} data-testid="user-form-role" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('passport_number')} label={az.users.passportNumber} rules={[rule('passport_number')]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('passport_secret')} label={az.users.fin} rules={[rule('passport_secret')]}>
                <Input autoComplete="off" style={{ textTransform: 'uppercase' }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item {...item('address')} label={az.users.address} rules={[rule('address')]}>
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                {...item('password')}
                label={az.users.password}
                rules={[rule('password')]}
                extra={isUpdate ? az.usersUi.passwordKeepHint : undefined}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                {...item('password_confirmation')}
                label={az.users.passwordConfirmation}
                dependencies={['password']}
                rules={[rule('password_confirmation')]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="send_mail" label={az.users.sendMail} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="send_sms" label={az.users.sendSms} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </FormModal>
  );
}
