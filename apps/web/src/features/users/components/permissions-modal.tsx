import { az, fill } from '@app/contract/texts/az';
import { Alert, Card, Col, Flex, Form, Modal, Row, Spin, Switch, Tooltip, Typography } from 'antd';
import { ForbiddenPage } from '../../../app/pages/forbidden-page';
import { FormModal } from '../../../shared/form/form-modal';
import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { SearchSelect } from '../../../shared/form/search-select';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useOperations, useSavePermissions, useUser, useUserAppOptions, useUserPermissions } from '../api';
import { CHANGE_PERMISSIONS_CODE, groupOperations, isLockedOn, toggleGroup, toggleOperation } from '../model/permission-toggle';
import { canEditPermissions } from '../model/user-access';
import { FORM_MODAL_WIDTH } from './user-form-modal';

interface PlaceValues {
  cashbox_id: number | null;
  company_id: number | null;
  admin_branch_id: number | null;
}

/** spec §2/§5: cash register, company and branch, and the operations grouped by model with switches. */
export function PermissionsModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { user: viewer } = useAuth();
  const toast = useToast();
  const [form] = Form.useForm<PlaceValues>();
  const user = useUser(userId);
  // Opened by its address by someone who may not change this account's powers: the permissions
  // API is not asked (it would refuse), the modal says so. Known once the account is.
  const mayEdit = user.data ? canEditPermissions(viewer, user.data, { allowSelf: true }) : undefined;
  const permissions = useUserPermissions(userId, mayEdit === true);
  const operations = useOperations(mayEdit === true);
  const options = useUserAppOptions();
  const save = useSavePermissions();
  const [selected, setSelected] = useState<number[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!permissions.data) return;
    form.setFieldsValue({
      cashbox_id: permissions.data.cashbox_id ?? user.data?.cashbox_id ?? null,
      company_id: permissions.data.company_id,
      admin_branch_id: permissions.data.admin_branch_id ?? user.data?.admin_branch_id ?? null,
    });
  }, [permissions.data, user.data, form]);

  const context = useMemo(() => ({ operations: operations.data ?? [], isSelf: userId === viewer.id }), [operations.data, userId, viewer.id]);
  const groups = useMemo(() => groupOperations(operations.data ?? []), [operations.data]);
  // Until the first switch, the saved set is what shows.
  const current = selected ?? permissions.data?.operation_id ?? [];
  const isLocked = isLockedOn(current, context);

  const submit = async (values: PlaceValues) => {
    setError(null);
    try {
      await save.mutateAsync({
        user_id: userId,
        operation_id: current,
        cashbox_id: values.cashbox_id ?? '',
        company_id: values.company_id ?? '',
        admin_branch_id: values.admin_branch_id ?? '',
      });
      void toast.success(az.form.saved);
      onClose();
    } catch (failure) {
      setError(readErrorMessage(failure));
    }
  };

  const loadError = [user, permissions, operations].find((query) => query.isError)?.error;
  const isLoading = user.isLoading || permissions.isLoading || operations.isLoading;
  const name = user.data ? `${user.data.name} ${user.data.surname}` : '';

  if (mayEdit === false) {
    return (
      <Modal open width={FORM_MODAL_WIDTH} footer={null} onCancel={onClose} title={fill(az.usersUi.permissionsTitle, { NAME: name })}>
        <ForbiddenPage />
      </Modal>
    );
  }

  return (
    <FormModal
      open
      form={form}
      isDirty={() => selected !== null || form.isFieldsTouched()}
      width={FORM_MODAL_WIDTH}
      title={fill(az.usersUi.permissionsTitle, { NAME: name })}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: isLoading || Boolean(loadError) }}
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
    >
      {loadError && <Alert type="error" showIcon title={readErrorMessage(loadError)} style={{ marginBottom: 12 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Spin spinning={isLoading}>
        <Form<PlaceValues> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <Form.Item name="cashbox_id" label={az.users.cashbox}>
                <SearchSelect
                  loading={options.isLoading}
                  options={(options.data?.cashboxes ?? []).map((box) => ({ value: box.id, label: box.currency ? `${box.name} (${box.currency})` : box.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="company_id" label={az.users.company}>
                <SearchSelect loading={options.isLoading} options={(options.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="admin_branch_id" label={az.users.adminBranch}>
                <SearchSelect loading={options.isLoading} options={(options.data?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {isLocked && <Alert type="info" showIcon title={az.usersUi.ownPermissionLocked} style={{ marginBottom: 12 }} />}
        <Flex vertical gap={8} data-testid="permission-groups">
          {groups.map((group) => {
            const ids = group.operations.map((operation) => operation.id);
            const onCount = ids.filter((id) => current.includes(id)).length;
            return (
              <Card
                key={group.modelId}
                size="small"
                title={group.modelName}
                extra={
                  <Switch
                    size="small"
                    aria-label={`${group.modelName}: ${az.table.all}`}
                    checked={onCount === ids.length}
                    disabled={isLocked}
                    onChange={(isOn) => setSelected(toggleGroup(current, ids, isOn, context))}
                  />
                }
              >
                <Row gutter={[12, 6]}>
                  {group.operations.map((operation) => {
                    const isChange = operation.code_name === CHANGE_PERMISSIONS_CODE;
                    const toggle = (
                      <Switch
                        size="small"
                        checked={current.includes(operation.id)}
                        disabled={isLocked}
                        aria-label={operation.name}
                        data-testid={`operation-${operation.code_name}`}
                        onChange={(isOn) => setSelected(toggleOperation(current, operation.id, isOn, context))}
                      />
                    );
                    return (
                      <Col xs={24} md={12} key={operation.id}>
                        <Flex gap={8} align="center">
                          {isChange ? <Tooltip title={az.usersUi.allOperations}>{toggle}</Tooltip> : toggle}
                          <Typography.Text strong={isChange}>{operation.name}</Typography.Text>
                        </Flex>
                      </Col>
                    );
                  })}
                </Row>
              </Card>
            );
          })}
        </Flex>
      </Spin>
    </FormModal>
  );
}
