import { Flex, Spin } from 'antd';

/** Centred spinner while a page or its data loads. */
export function PageSpinner() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin />
    </Flex>
  );
}
