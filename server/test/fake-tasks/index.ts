/** Fake upstreams of asynchronous generation APIs, for server and browser tests. */
export * from './midjourney.js';
export * from './suno.js';
export * from './openai-videos.js';
export * from './kling.js';
export {
  MP3,
  MP4,
  PNG,
  markersOf,
  type Fault,
  type FakeBase,
  type Fate,
  type Marker,
  type ReceivedRequest,
  type SentCallback,
  type TaskDriver,
  type TaskMeta,
} from './common.js';
