/** A feature's internal part (fixture for the import-direction test). */
export const BetaTable = () => null;
