/** What other features may use of this one; everything else is internal. */
export { levelModelRatios, useSelfLimits, userRatioOf } from './hooks/use-self-limits';
