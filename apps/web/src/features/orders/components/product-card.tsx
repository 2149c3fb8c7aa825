import { LinkOutlined } from '@ant-design/icons';
import type { ProductPreview } from '@app/contract/product-preview';
import { azProductPreview as t } from '@app/contract/texts/az-product-preview';
import { Breadcrumb, Card, Carousel, Descriptions, Empty, Flex, Image, Tag, Typography } from 'antd';
import { formatAmount } from '../../../shared/format/format-number';

/** Shown when a shop's image cannot be loaded (the shop's CDN is unreachable, the image is gone). */
const IMAGE_FALLBACK = `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 24 24"><path fill="#bfbfbf" d="M21 19V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2M8.5 13.5l2.5 3l3.5-4.5l4.5 6H5z"/></svg>')}`;

/** spec §9: the product slider's tile is 392 px. */
export const PRODUCT_TILE_PX = 392;

/** A stored preview is JSON (orders/info `preview`): read it as a preview only when it has the card's fields. */
export function readStoredPreview(value: unknown): ProductPreview | null {
  if (!value || typeof value !== 'object') return null;
  const preview = value as Partial<ProductPreview>;
  if (typeof preview.name !== 'string') return null;
  return {
    name: preview.name,
    brand: preview.brand ?? null,
    images: Array.isArray(preview.images) ? preview.images.filter((image): image is string => typeof image === 'string') : [],
    mainImage: preview.mainImage ?? null,
    breadcrumb: Array.isArray(preview.breadcrumb) ? preview.breadcrumb.map(String) : [],
    url: preview.url ?? '',
    color: preview.color ?? null,
    price: preview.price ?? null,
    description: preview.description ?? null,
    shop: preview.shop ?? 'generic',
    shopName: preview.shopName ?? '',
    sources: preview.sources ?? [],
  };
}

function listImages(preview: ProductPreview): string[] {
  const images = [...(preview.mainImage ? [preview.mainImage] : []), ...preview.images];
  return images.filter((image, index) => images.indexOf(image) === index);
}

function ImageSlider({ images, tile, name }: { images: string[]; tile: number; name: string }) {
  if (images.length === 0) {
    return (
      <Flex align="center" justify="center" style={{ width: tile, height: tile, maxWidth: '100%', background: '#fafafa' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />
      </Flex>
    );
  }
  return (
    <div style={{ width: tile, maxWidth: '100%' }} data-testid="product-slider">
      <Image.PreviewGroup>
        <Carousel dots={images.length > 1} arrows={images.length > 1} adaptiveHeight={false}>
          {images.map((src) => (
            <div key={src}>
              <Flex align="center" justify="center" style={{ width: '100%', height: tile, background: '#fafafa' }}>
                <Image src={src} alt={name} fallback={IMAGE_FALLBACK} style={{ maxWidth: tile, maxHeight: tile, objectFit: 'contain' }} />
              </Flex>
            </div>
          ))}
        </Carousel>
      </Image.PreviewGroup>
    </div>
  );
}

/**
 * spec §3 "Product preview": the product read from its link — image slider, name, brand, category
 * path, colour, price (with the pre-discount one) and the price converted at the day's rates.
 * `compact` is the form's side card (a smaller tile); the detail page shows the 392 px tile.
 */
export function ProductCard({ preview, compact = false, title = t.title }: { preview: ProductPreview; compact?: boolean; title?: string }) {
  const tile = compact ? 200 : PRODUCT_TILE_PX;
  const price = preview.price;
  const isDiscounted = price !== null && price.originalAmount !== null && price.amount !== null && price.originalAmount !== price.amount;
  const converted = price?.converted;
  return (
    <Card size="small" title={title} data-testid="product-card" style={{ height: '100%' }}>
      <Flex vertical={compact} gap={16} wrap>
        <ImageSlider images={listImages(preview)} tile={tile} name={preview.name} />
        <Flex vertical gap={8} style={{ flex: 1, minWidth: compact ? 0 : 240 }}>
          {preview.breadcrumb.length > 0 && <Breadcrumb items={preview.breadcrumb.map((title) => ({ title }))} data-testid="product-breadcrumb" />}
          <Typography.Text strong data-testid="product-name" style={{ fontSize: compact ? 14 : 16 }}>
            {preview.name}
          </Typography.Text>
          <Descriptions size="small" column={1}>
            {preview.brand && <Descriptions.Item label={t.brand}><span data-testid="product-brand">{preview.brand}</span></Descriptions.Item>}
            {preview.color && <Descriptions.Item label={t.color}>{preview.color}</Descriptions.Item>}
            {price && (
              <Descriptions.Item label={t.price}>
                <Flex gap={8} align="baseline" wrap>
                  <Typography.Text strong data-testid="product-price">{formatAmount(price.amount, price.symbol)}</Typography.Text>
                  {isDiscounted && <Typography.Text delete type="secondary">{formatAmount(price.originalAmount, price.symbol)}</Typography.Text>}
                </Flex>
              </Descriptions.Item>
            )}
            {converted && (
              <Descriptions.Item label={t.converted}>
                <Flex gap={4} wrap data-testid="product-converted">
                  {converted.try && <Tag>{formatAmount(converted.try, '₺')}</Tag>}
                  {converted.azn && <Tag>{formatAmount(converted.azn, '₼')}</Tag>}
                  {converted.usd && <Tag>{formatAmount(converted.usd, '$')}</Tag>}
                  {converted.eur && <Tag>{formatAmount(converted.eur, '€')}</Tag>}
                </Flex>
              </Descriptions.Item>
            )}
          </Descriptions>
          {preview.url && (
            <Typography.Link href={preview.url} target="_blank" rel="noopener noreferrer" ellipsis>
              <LinkOutlined /> {preview.shopName || t.openLink}
            </Typography.Link>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
