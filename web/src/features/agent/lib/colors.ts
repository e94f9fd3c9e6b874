import type { AgentItem, WithdrawalItem } from '@gateway/shared';

export const withdrawalColor: Record<WithdrawalItem['status'], string> = {
  pending: 'processing',
  paid: 'success',
  rejected: 'error',
};

export const agentColor: Record<AgentItem['status'], string> = {
  pending: 'processing',
  active: 'success',
  disabled: 'default',
  rejected: 'error',
};
