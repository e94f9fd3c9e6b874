import type { First } from './first.js';

export interface Second {
  previous?: First;
}
