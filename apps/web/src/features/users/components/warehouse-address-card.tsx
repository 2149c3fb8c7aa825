import { CopyOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Button, Card, Descriptions } from 'antd';
import { useToast } from '../../../shared/toast/toast-provider';
import { formatAddressText, type WarehouseAddress } from '../model/warehouse-addresses';

/** One foreign warehouse address with a copy button ('Ünvan kopyalandı', spec §2). */
export function WarehouseAddressCard({ address }: { address: WarehouseAddress }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(formatAddressText(address));
      void toast.success(az.users.addressCopied);
    } catch {
      void toast.error(az.usersUi.copyFailed);
    }
  };
  return (
    <Card
      size="small"
      title={address.countryName}
      data-testid={`warehouse-address-${address.countryId}`}
      extra={
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
          {az.usersUi.copyAddress}
        </Button>
      }
    >
      <Descriptions size="small" column={1}>
        {address.lines.map((line) => (
          <Descriptions.Item key={line.label} label={line.label}>
            {line.value}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}
