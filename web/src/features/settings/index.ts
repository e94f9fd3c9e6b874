/** What other features may use of this one; everything else is internal. */
export { useSaveOptions } from './hooks/use-save-options';
