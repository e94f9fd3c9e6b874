/** Fake upstreams of asynchronous generation APIs, for server and browser tests. */
export * from './midjourney.js';
export * from './suno.js';
export * from './openai-videos.js';
export * from './kling.js';
export { MP3, MP4, PNG, type Fault, type FakeBase, type ReceivedRequest } from './common.js';
export {
  markersOf,
  type Fate,
  type Marker,
  type SentCallback,
  type TaskDriver,
  type TaskMeta,
} from './task-lifecycle.js';
