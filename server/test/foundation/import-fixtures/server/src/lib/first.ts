// Deliberate violation: a type-only import cycle between two lib files.
import type { Second } from './second.js';

export interface First {
  next?: Second;
}
