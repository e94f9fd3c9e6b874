import { number } from '../define.js';

/** Days of logs to keep; 0 keeps them forever. The retention job deletes older rows hourly. */
export const logRetentionDays = number('LogRetentionDays', 0);
