/** A relay internal (fixture for the import-direction test). */
export const callUpstream = () => 'called';
