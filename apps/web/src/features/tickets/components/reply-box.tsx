import { SendOutlined } from '@ant-design/icons';
import { azTickets } from '@app/contract/texts/az-tickets';
import { TICKET_LIMITS } from '@app/contract/tickets';
import { Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { FileField } from '../../../shared/form/file-field';
import { SearchSelect } from '../../../shared/form/search-select';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { useMessageTemplates, useReplyToTicket } from '../api';
import { applyTemplate, isSendShortcut } from '../model/ticket-view';

const t = azTickets;

/**
 * The staff reply: a ticket template fills the text, files ride along (PDF/JPG/PNG), Ctrl+Enter
 * sends. On a refused send the text and files stay (nothing lost on a bad input).
 */
export function ReplyBox({ ticketId }: { ticketId: number }) {
  const toast = useToast();
  const templates = useMessageTemplates();
  const reply = useReplyToTicket();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const isEmpty = text.trim() === '' && files.length === 0;

  const send = async () => {
    if (isEmpty || reply.isPending) return;
    setError(null);
    try {
      await reply.mutateAsync({ ticketId, message: text, files });
      setText('');
      setFiles([]);
      void toast.success(t.messages.sent);
    } catch (err) {
      setError(readErrorMessage(err));
    }
  };

  return (
    <Flex vertical gap={8} data-testid="ticket-reply">
      <SearchSelect
        aria-label={t.actions.pickTemplate}
        data-testid="ticket-template-picker"
        placeholder={t.actions.pickTemplate}
        value={null}
        loading={templates.isLoading}
        status={templates.isError ? 'error' : undefined}
        notFoundContent={templates.isError ? t.messages.templateLoadFailed : undefined}
        options={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.title }))}
        onChange={(value) => {
          const picked = templates.data?.find((tpl) => tpl.id === Number(value));
          if (picked) setText((current) => applyTemplate(current, picked.body));
        }}
        style={{ maxWidth: 420 }}
      />
      <Input.TextArea
        aria-label={t.fields.message}
        data-testid="ticket-reply-text"
        value={text}
        autoSize={{ minRows: 3, maxRows: 10 }}
        count={{ show: text.length > TICKET_LIMITS.message - 500, max: TICKET_LIMITS.message }}
        status={error ? 'error' : undefined}
        placeholder={t.actions.replyHint}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (isSendShortcut(event)) {
            event.preventDefault();
            void send();
          }
        }}
      />
      {error ? <Typography.Text type="danger" role="alert">{error}</Typography.Text> : null}
      <Flex justify="space-between" align="start" gap={8} wrap>
        <FileField value={files} onChange={setFiles} isMultiple accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" />
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary">{t.actions.replyHint}</Typography.Text>
          <Button type="primary" icon={<SendOutlined />} disabled={isEmpty} loading={reply.isPending} onClick={() => void send()} data-testid="ticket-reply-send">
            {t.actions.reply}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
