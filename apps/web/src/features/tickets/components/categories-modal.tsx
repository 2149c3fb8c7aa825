import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { azTickets } from '@app/contract/texts/az-tickets';
import { TICKET_LIMITS, type TicketCategoryRow } from '@app/contract/tickets';
import { Alert, Button, Flex, Form, Input, Modal, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { FormModal } from '../../../shared/form/form-modal';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { useToast } from '../../../shared/toast/toast-provider';
import { useSaveTicketCategory, useTicketCategories } from '../api';

const t = azTickets;

interface CategoryValues { name: string; hidden: boolean }

function CategoryFormModal({ category, onClose }: { category: TicketCategoryRow | null; onClose: () => void }) {
  const [form] = Form.useForm<CategoryValues>();
  const toast = useToast();
  const save = useSaveTicketCategory();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (values: CategoryValues) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: category?.id, name: values.name.trim(), hidden: values.hidden });
      void toast.success(t.messages.saved);
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
      width={480}
      title={category ? t.actions.editCategory : t.actions.newCategory}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Form<CategoryValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: category?.name ?? '', hidden: category ? category.hidden === 1 : false }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="name" label={t.fields.name} rules={[{ required: true, whitespace: true, message: az.errors.required }]}>
          <Input count={{ show: false, max: TICKET_LIMITS.categoryName }} data-testid="ticket-category-name" />
        </Form.Item>
        <Form.Item name="hidden" label={t.fields.hidden} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** The ticket categories (tickets/categories, create_category, edit_category): a list with its form. */
export function CategoriesModal({ onClose }: { onClose: () => void }) {
  const categories = useTicketCategories();
  const [editing, setEditing] = useState<TicketCategoryRow | null | undefined>(undefined);
  return (
    <Modal open width={576} title={t.actions.categories} footer={null} onCancel={onClose}>
      <Flex vertical gap={8}>
        <Flex justify="flex-end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="ticket-category-create">{t.actions.newCategory}</Button>
        </Flex>
        <Table<TicketCategoryRow>
          size="small"
          rowKey="id"
          loading={categories.isLoading}
          dataSource={categories.data ?? []}
          pagination={false}
          scroll={{ y: 360 }}
          locale={{ emptyText: az.errors.notFound }}
          onRow={(row) => ({ onDoubleClick: () => setEditing(row) })}
          columns={[
            { key: 'id', title: t.fields.id, width: 70, render: (_, row) => row.id },
            { key: 'name', title: t.fields.name, render: (_, row) => row.name },
            { key: 'hidden', title: t.fields.hidden, width: 90, render: (_, row) => (row.hidden ? <Tag>{az.table.yes}</Tag> : null) },
            { key: 'edit', width: 48, render: (_, row) => <Button size="small" type="text" icon={<EditOutlined />} aria-label={t.actions.editCategory} onClick={() => setEditing(row)} /> },
          ]}
        />
      </Flex>
      {editing !== undefined ? <CategoryFormModal category={editing} onClose={() => setEditing(undefined)} /> : null}
    </Modal>
  );
}
