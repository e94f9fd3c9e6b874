import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { RouteModule } from '../route.js';
import { agentRoutes } from './agents.js';
import { authRoutes } from './auth.js';
import { bindingRoutes } from './bindings.js';
import { contentRoutes } from './content.js';
import { emailRoutes } from './email.js';
import { ledgerRoutes } from './ledger.js';
import { taskLogRoutes } from './tasks.js';
import { logExportRoutes } from './log-export.js';
import { logRoutes } from './logs.js';
import { oauthRoutes } from './oauth.js';
import { optionRoutes } from './options.js';
import { paymentRoutes } from './payments.js';
import { pricingRoutes } from './pricing.js';
import { redemptionRoutes } from './redemptions.js';
import { selfRoutes } from './self.js';
import { setupRoutes } from './setup.js';
import { statusRoutes } from './status.js';
import { systemRoutes } from './system.js';
import { tokenRoutes } from './tokens.js';
import { channelRoutes } from './channels.js';
import { channelOpsRoutes } from './channel-ops.js';
import { channelAdminRoutes } from './channel-admin.js';
import { groupRoutes } from './groups.js';
import { growthRoutes } from './growth.js';
import { invoiceRoutes } from './invoices.js';
import { levelRoutes } from './levels.js';
import { notificationRoutes } from './notifications.js';
import { selfLimitRoutes } from './self-limits.js';
import { usageRoutes } from './usage.js';
import { userRoutes } from './users.js';

/** Every management route module; a new resource is one import and one entry here. */
const modules: RouteModule[] = [
  setupRoutes,
  authRoutes,
  emailRoutes,
  oauthRoutes,
  selfRoutes,
  bindingRoutes,
  userRoutes,
  statusRoutes,
  contentRoutes,
  optionRoutes,
  pricingRoutes,
  systemRoutes,
  tokenRoutes,
  channelRoutes,
  channelOpsRoutes,
  channelAdminRoutes,
  groupRoutes,
  selfLimitRoutes,
  logRoutes,
  logExportRoutes,
  ledgerRoutes,
  taskLogRoutes,
  redemptionRoutes,
  paymentRoutes,
  invoiceRoutes,
  growthRoutes,
  levelRoutes,
  notificationRoutes,
  agentRoutes,
  usageRoutes,
];

/** Mounts every management route. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const register of modules) await register(app, ctx);
}
