export { type LedgerAccount, type LedgerReason, type Posting, maxBalance } from './entries.js';
export { post, setBalance } from './postings.js';
