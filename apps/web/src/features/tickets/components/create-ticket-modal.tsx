import { az } from '@app/contract/texts/az';
import { azTickets } from '@app/contract/texts/az-tickets';
import { TICKET_LIMITS } from '@app/contract/tickets';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { FileField } from '../../../shared/form/file-field';
import { FormModal } from '../../../shared/form/form-modal';
import { mapServerErrors } from '../../../shared/form/map-server-errors';
import { SearchSelect } from '../../../shared/form/search-select';
import { useToast } from '../../../shared/toast/toast-provider';
import { useCreateTicket, useTicketCategories } from '../api';
import { CustomerField } from './customer-field';

const t = azTickets;

interface CreateValues { user_id: number | null; ticket_category_id: number | null; message: string; document_file: File[] }

/** tickets/create: a ticket for a customer with its first message and files (server errors land on the fields). */
export function CreateTicketModal({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const [form] = Form.useForm<CreateValues>();
  const toast = useToast();
  const categories = useTicketCategories();
  const create = useCreateTicket();
  const [formError, setFormError] = useState<string | null>(null);
  const required = { required: true, message: az.errors.required };

  const submit = async (values: CreateValues) => {
    setFormError(null);
    try {
      const reply = await create.mutateAsync({
        userId: values.user_id ?? 0, categoryId: values.ticket_category_id ?? 0, message: values.message?.trim() ?? '', files: values.document_file ?? [],
      });
      void toast.success(t.messages.created);
      onCreated(reply.data.id);
    } catch (error) {
      const rest = mapServerErrors(form, error);
      if (rest) setFormError(rest);
    }
  };

  return (
    <FormModal
      form={form}
      open
      width={768}
      title={t.actions.create}
      okText={az.form.save}
      cancelText={az.form.cancel}
      onClose={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
    >
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <Form<CreateValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ user_id: null, ticket_category_id: null, message: '', document_file: [] }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="user_id" label={t.fields.customer} rules={[required]}>
          <CustomerField />
        </Form.Item>
        <Form.Item name="ticket_category_id" label={t.fields.category} rules={[required]}>
          <SearchSelect loading={categories.isLoading} options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))} data-testid="ticket-create-category" />
        </Form.Item>
        <Form.Item name="message" label={t.fields.message} rules={[required]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} count={{ show: true, max: TICKET_LIMITS.message }} data-testid="ticket-create-message" />
        </Form.Item>
        <Form.Item name="document_file" label={t.fields.files}>
          <FileField isMultiple accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
