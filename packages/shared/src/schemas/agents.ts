import { z } from 'zod';
import { pageOf, pageQuery } from './common.js';

export const agentStatuses = ['pending', 'active', 'disabled', 'rejected'] as const;
export type AgentStatus = (typeof agentStatuses)[number];
/** What an agent's dividend is a share of: what their users spend, or what they top up. */
export const agentBases = ['consumption', 'topup'] as const;
export const withdrawalStatuses = ['pending', 'paid', 'rejected'] as const;

/** `POST /api/agent/apply`. */
export const agentApplyRequest = z.object({
  /** How the operator reaches the applicant (WeChat, phone, e-mail). */
  contact: z.string().trim().min(1, 'agent_contact_required').max(128),
  note: z.string().trim().max(500).default(''),
});

/** An agent or an application, as the admin list shows it. */
export const agentItem = z.object({
  user_id: z.number().int(),
  username: z.string(),
  /** The user's role (staff act only on users below their own role). */
  user_role: z.number().int(),
  status: z.enum(agentStatuses),
  rate: z.number(),
  basis: z.enum(agentBases),
  contact: z.string(),
  note: z.string(),
  applied_at: z.number().int(),
  reviewed_at: z.number().int(),
  /** Users who signed up with the agent's invitation code. */
  users: z.number().int(),
  /** Dividends credited in total (quota). */
  dividends: z.number().int(),
});
export type AgentItem = z.output<typeof agentItem>;
export const agentPage = pageOf(agentItem);
export const agentListQuery = z.object({ status: z.enum(agentStatuses).optional() }).and(pageQuery);

/** `PUT /api/agent/` (admins): approve, reject, disable, and set the terms. */
export const manageAgentRequest = z.object({
  user_id: z.number().int().positive(),
  status: z.enum(['active', 'disabled', 'rejected'], { error: 'agent_status_invalid' }),
  rate: z
    .number({ error: 'agent_rate_invalid' })
    .min(0, 'agent_rate_invalid')
    .max(1, 'agent_rate_invalid'),
  basis: z.enum(agentBases).default('consumption'),
});
export type ManageAgentRequest = z.input<typeof manageAgentRequest>;

/** `GET /api/agent/self`: the agent page of the signed-in user. */
export const agentSelf = z.object({
  /** Null when the user never applied. */
  agent: agentItem.nullable(),
  /** What the invited users spent and topped up in total (quota); null unless an active agent. */
  users_consumption: z.number().int().nullable(),
  users_topup: z.number().int().nullable(),
  /** The invitation balance dividends go to (withdrawable or movable to the balance). */
  balance: z.number().int(),
  /** The smallest withdrawal (quota). */
  min_withdrawal: z.number().int(),
});
export type AgentSelf = z.output<typeof agentSelf>;

/** A user an agent brought. */
export const agentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  created_at: z.number().int(),
  used_quota: z.number().int(),
  topup_quota: z.number().int(),
});
export const agentUserPage = pageOf(agentUser);

export const dividendItem = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  period: z.string(),
  basis: z.enum(agentBases),
  base_quota: z.number().int(),
  rate: z.number(),
  quota: z.number().int(),
  created_at: z.number().int(),
});
export type DividendItem = z.output<typeof dividendItem>;
export const dividendPage = pageOf(dividendItem);

/** `POST /api/agent/withdraw`. */
export const withdrawRequest = z.object({
  quota: z
    .number({ error: 'withdrawal_amount_invalid' })
    .int('withdrawal_amount_invalid')
    .positive('withdrawal_amount_invalid')
    .max(Number.MAX_SAFE_INTEGER, 'withdrawal_amount_invalid'),
  account: z.string().trim().min(1, 'withdrawal_account_required').max(255),
});

export const withdrawalItem = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  username: z.string(),
  /** The agent's role (staff review only withdrawals of users below their own role). */
  user_role: z.number().int(),
  quota: z.number().int(),
  account: z.string(),
  status: z.enum(withdrawalStatuses),
  reason: z.string(),
  reviewer_id: z.number().int(),
  created_at: z.number().int(),
  reviewed_at: z.number().int(),
});
export type WithdrawalItem = z.output<typeof withdrawalItem>;
export const withdrawalPage = pageOf(withdrawalItem);
export const withdrawalListQuery = z
  .object({ status: z.enum(withdrawalStatuses).optional() })
  .and(pageQuery);

/** `POST /api/withdrawal/:id/review` (finance staff and above). */
export const reviewWithdrawalRequest = z.object({
  action: z.enum(['paid', 'reject'], { error: 'withdrawal_action_required' }),
  reason: z.string().trim().max(255).default(''),
});
