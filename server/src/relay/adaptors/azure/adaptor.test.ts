import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../adaptor.js';
import { azureAdaptor, azureDeployment } from './adaptor.js';

const channel = (other = ''): ChannelConfig => ({
  baseUrl: 'https://res.openai.azure.com/',
  key: 'az-key',
  other,
  setting: {},
});
const body = { messages: [{ role: 'user', content: 'hi' }], stream: true };

describe('Azure adaptor', () => {
  it('targets the deployment URL with the default api-version and the api-key header', () => {
    const req = azureAdaptor.buildRequest({
      format: 'openai',
      body,
      model: 'gpt-3.5-turbo',
      stream: true,
      channel: channel(),
    });
    expect(req.url).toBe(
      'https://res.openai.azure.com/openai/deployments/gpt-35-turbo/chat/completions?api-version=2023-03-15-preview',
    );
    expect(req.headers).toEqual({ 'api-key': 'az-key', 'content-type': 'application/json' });
    // Old api-versions reject stream_options; usage is then counted locally.
    expect(JSON.parse(req.body as string)).not.toHaveProperty('stream_options');
  });

  it('asks for stream usage from api-version 2024-09-01 on', () => {
    const req = azureAdaptor.buildRequest({
      format: 'openai',
      body,
      model: 'gpt-4o',
      stream: true,
      channel: channel('2024-10-21'),
    });
    expect(req.url).toContain('api-version=2024-10-21');
    expect(JSON.parse(req.body as string)).toMatchObject({
      stream_options: { include_usage: true },
    });
  });

  it('forwards embeddings to the deployment path', () => {
    const req = azureAdaptor.forward!.buildRequest({
      endpoint: 'embeddings',
      body: { json: { input: 'x' } },
      model: 'text-embedding-3-small',
      stream: false,
      channel: channel(),
    });
    expect(req.url).toBe(
      'https://res.openai.azure.com/openai/deployments/text-embedding-3-small/embeddings?api-version=2023-03-15-preview',
    );
    expect(req.headers['api-key']).toBe('az-key');
  });

  it('derives deployment names without dots', () => {
    expect(azureDeployment('gpt-4.1-mini')).toBe('gpt-41-mini');
  });
});
