import { WhatsAppOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Space } from 'antd';
import { buildWhatsAppLink } from '../model/phone-link';

/** spec §2/§7: a phone number opens a WhatsApp chat in a new tab. */
export function PhoneLink({ phone }: { phone: string | null }) {
  const link = buildWhatsAppLink(phone);
  if (!link) return <>{phone || '—'}</>;
  return (
    <a href={link} target="_blank" rel="noreferrer" title={az.usersUi.whatsapp}>
      <Space size={4}>
        <WhatsAppOutlined style={{ color: '#25D366' }} />
        {phone}
      </Space>
    </a>
  );
}

