/** Code samples of the built-in API guide for a base URL. */
export function snippets(baseUrl: string): Record<'curl' | 'python' | 'node', string> {
  return {
    curl: [
      `curl ${baseUrl}/v1/chat/completions \\`,
      `  -H "Content-Type: application/json" \\`,
      `  -H "Authorization: Bearer sk-..." \\`,
      `  -d '{"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Hello"}], "stream": true}'`,
    ].join('\n'),
    python: [
      'from openai import OpenAI',
      '',
      `client = OpenAI(base_url="${baseUrl}/v1", api_key="sk-...")`,
      'answer = client.chat.completions.create(',
      '    model="gpt-4o-mini",',
      '    messages=[{"role": "user", "content": "Hello"}],',
      ')',
      'print(answer.choices[0].message.content)',
    ].join('\n'),
    node: [
      "import OpenAI from 'openai';",
      '',
      `const client = new OpenAI({ baseURL: '${baseUrl}/v1', apiKey: 'sk-...' });`,
      'const answer = await client.chat.completions.create({',
      "  model: 'gpt-4o-mini',",
      "  messages: [{ role: 'user', content: 'Hello' }],",
      '});',
      'console.log(answer.choices[0].message.content);',
    ].join('\n'),
  };
}

/** The relay endpoints, by wire format. */
export const endpoints: ReadonlyArray<{ method: string; path: string; format: string }> = [
  { method: 'POST', path: '/v1/chat/completions', format: 'OpenAI' },
  { method: 'POST', path: '/v1/completions', format: 'OpenAI' },
  { method: 'POST', path: '/v1/responses', format: 'OpenAI' },
  { method: 'POST', path: '/v1/embeddings', format: 'OpenAI' },
  { method: 'POST', path: '/v1/images/generations', format: 'OpenAI' },
  { method: 'POST', path: '/v1/audio/speech', format: 'OpenAI' },
  { method: 'POST', path: '/v1/audio/transcriptions', format: 'OpenAI' },
  { method: 'POST', path: '/v1/moderations', format: 'OpenAI' },
  { method: 'POST', path: '/v1/rerank', format: 'OpenAI' },
  { method: 'GET', path: '/v1/models', format: 'OpenAI' },
  { method: 'POST', path: '/v1/messages', format: 'Anthropic' },
  { method: 'POST', path: '/v1beta/models/{model}:generateContent', format: 'Gemini' },
  { method: 'GET', path: '/api/usage/token/', format: 'Key balance' },
  { method: 'GET', path: '/api/log/token', format: 'Key logs' },
];
