/** A small console-API client for preparing data in e2e tests (cookie session + user header). */
export class ApiSession {
  private cookie = '';
  userId = -1;

  constructor(private readonly baseUrl: string) {}

  /** Sends one call and returns the envelope; throws on `success: false`. */
  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'New-Api-User': String(this.userId),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const envelope = (await response.json()) as { success: boolean; message: string; data: T };
    if (!envelope.success)
      throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
    return envelope.data;
  }

  /** Signs in and remembers the session. */
  async login(username: string, password: string): Promise<{ id: number; role: number }> {
    const user = await this.call<{ id: number; role: number }>('POST', '/api/user/login', {
      username,
      password,
    });
    this.userId = user.id;
    return user;
  }
}

/** Creates root through the first-run API and returns a signed-in root session. */
export async function setupRoot(baseUrl: string, password = 'rootpass123'): Promise<ApiSession> {
  const api = new ApiSession(baseUrl);
  await api.call('POST', '/api/setup', { username: 'root', password, confirmPassword: password });
  await api.login('root', password);
  return api;
}

/** Registers an ordinary user through the API. */
export async function registerUser(
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  await new ApiSession(baseUrl).call('POST', '/api/user/register', {
    username,
    password,
    password2: password,
  });
}
