// Deliberate violation: the domain reaches into the relay.
import { callUpstream } from '../../relay/upstream-call.js';

export const price = () => callUpstream();
