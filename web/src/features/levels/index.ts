/** What other features may use of this one; everything else is internal. */
export { LevelsCard } from './components/LevelsCard';
export { useLevels } from './hooks/use-levels';
export { parseModelMap } from './lib/model-map';
