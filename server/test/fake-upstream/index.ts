/** The fake upstream for relay tests: `const up = await startFakeUpstream()`. */
export { FAKE_MODELS, startFakeUpstream, type FakeUpstream } from './server.js';
export type { FakeBehaviour, ReceivedRequest } from './behaviour.js';
export { FAKE_SPEECH } from './openai-endpoints.js';
