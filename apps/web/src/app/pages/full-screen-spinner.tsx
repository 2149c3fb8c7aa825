import { az } from '@app/contract/texts/az';
import { Flex, Spin } from 'antd';

export function FullScreenSpinner() {
  return (
    <Flex align="center" justify="center" style={{ height: '100vh' }} data-testid="full-screen-spinner">
      <Spin size="large" description={az.app.loading} />
    </Flex>
  );
}
