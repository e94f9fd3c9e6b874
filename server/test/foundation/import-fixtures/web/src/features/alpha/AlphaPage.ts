// Deliberate violation: one feature reaches into another's internals.
import { BetaTable } from '../beta/BetaTable';

export const AlphaPage = () => BetaTable();
