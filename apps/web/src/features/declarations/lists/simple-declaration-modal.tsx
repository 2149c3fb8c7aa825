import { CURRENCY_SIGN, productPriceSign } from '@app/contract/countries';
import { az } from '@app/contract/texts/az';
import { Alert, Button, Descriptions, Modal, Spin, Tag } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/format-date';
import { formatAmount } from '../../../shared/format/format-number';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useDeclaration } from '../api';

const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : value);

/** spec §2 "simple declaration view for the archive": a read-only summary, with a link to the full details page. */
export function SimpleDeclarationModal({ declarationId, onClose }: { declarationId: number; onClose: () => void }) {
  const declaration = useDeclaration(declarationId);
  const d = declaration.data;
  const t = az.declarations;
  const ui = az.declarationListsUi;
  return (
    <Modal
      open
      width={768}
      title={d ? `${ui.simpleView}: ${d.track_code}` : ui.simpleView}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Link key="details" to={`/@next/declarations/${declarationId}`}>
          <Button>{ui.openDetails}</Button>
        </Link>,
        <Button key="close" type="primary" onClick={onClose}>
          {az.usersUi.back}
        </Button>,
      ]}
    >
      {declaration.isError && <Alert type="error" showIcon title={readErrorMessage(declaration.error)} />}
      <Spin spinning={declaration.isLoading}>
        {d && (
          <Descriptions size="small" column={2} bordered data-testid="simple-declaration">
            <Descriptions.Item label={t.trackCode}>{d.track_code}</Descriptions.Item>
            <Descriptions.Item label={t.globalTrackCode}>{dash(d.global_track_code)}</Descriptions.Item>
            <Descriptions.Item label={t.customer}>{d.user_id ? `${d.user_code ?? ''} · ${d.user_name ?? ''}` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t.status}>
              <Tag color="blue">{d.state_name}</Tag>
              {d.deleted_at && <Tag color="red">{ui.deletedTag}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t.country}>{az.countries[d.country_id] ?? d.country_id}</Descriptions.Item>
            <Descriptions.Item label={t.branch}>{dash(d.branch_name)}</Descriptions.Item>
            <Descriptions.Item label={t.flight}>{dash(d.flight_name)}</Descriptions.Item>
            <Descriptions.Item label={t.box}>{dash(d.container_name)}</Descriptions.Item>
            <Descriptions.Item label={t.weight}>{formatAmount(d.weight)}</Descriptions.Item>
            <Descriptions.Item label={t.quantity}>{d.quantity}</Descriptions.Item>
            <Descriptions.Item label={t.productPrice}>{formatAmount(d.price, productPriceSign(d.country_id))}</Descriptions.Item>
            <Descriptions.Item label={t.deliveryPrice}>{formatAmount(d.delivery_price, CURRENCY_SIGN.USD)}</Descriptions.Item>
            <Descriptions.Item label={t.paid}>{d.payed ? az.table.yes : az.table.no}</Descriptions.Item>
            <Descriptions.Item label={t.returned}>{d.return ? az.table.yes : az.table.no}</Descriptions.Item>
            <Descriptions.Item label={t.productType}>{dash(d.product_type_name)}</Descriptions.Item>
            <Descriptions.Item label={t.shop}>{dash(d.shop_name)}</Descriptions.Item>
            <Descriptions.Item label={t.createdAt}>{formatDateTime(d.created_at)}</Descriptions.Item>
            <Descriptions.Item label={az.declarationsUi.description}>{dash(d.descr)}</Descriptions.Item>
          </Descriptions>
        )}
      </Spin>
    </Modal>
  );
}
