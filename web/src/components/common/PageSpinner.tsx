import { Spin } from 'antd';

/** Centered loading indicator for a page or section. */
export function PageSpinner() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '96px 0' }}>
      <Spin size="large" />
    </div>
  );
}
