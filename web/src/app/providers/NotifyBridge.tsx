import { App } from 'antd';
import { useEffect } from 'react';
import { installNotify } from '../../lib/notify';

/** Hands antd's themed toast and dialog instances to code outside components. */
export function NotifyBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => installNotify({ message, modal }), [message, modal]);
  return null;
}
