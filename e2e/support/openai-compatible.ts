import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat-completions request as the server received it. */
export interface ChatRequest {
  path: string;
  body: {
    model?: string;
    messages?: { role: string; content: unknown }[];
    response_format?: { type?: string; json_schema?: { name?: string; schema?: unknown } };
  };
  /** The messages' text, joined. */
  prompt: string;
}

/**
 * A local server speaking OpenAI's chat-completions protocol (POST /v1/chat/completions, JSON in and
 * out), for a spec whose own API server is configured with it (AI_BASE_URL, AI_MODEL), as
 * apps/api/test/fake-openai.ts is for the API's tests. `answer` writes each reply's message content from
 * the request; every request is kept for the spec to read.
 */
export class OpenAiCompatibleServer {
  readonly requests: ChatRequest[] = [];
  readonly #server: Server;
  #count = 0;

  constructor(private readonly answer: (request: ChatRequest) => string) {
    this.#server = createServer((request, response) => void this.#handle(request, response));
  }

  /** Listens on a free local port; answers the base URL (…/v1) to give the API. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/v1`;
  }

  async stop() {
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  async #handle(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      json(404, {
        error: { message: `No route ${request.method} ${request.url}`, type: 'invalid_request_error' },
      });
      return;
    }
    let body: ChatRequest['body'];
    try {
      body = JSON.parse(raw) as ChatRequest['body'];
    } catch {
      json(400, { error: { message: 'The body is not JSON', type: 'invalid_request_error' } });
      return;
    }
    const prompt = (body.messages ?? [])
      .map((message) =>
        typeof message.content === 'string'
          ? message.content
          : Array.isArray(message.content)
            ? message.content.map((part: { text?: string }) => part.text ?? '').join('')
            : '',
      )
      .join('\n');
    const chat: ChatRequest = { path: request.url, body, prompt };
    this.requests.push(chat);
    const n = ++this.#count;
    const content = this.answer(chat);
    json(200, {
      id: `chatcmpl-e2e-${n}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: Math.ceil(prompt.length / 4),
        completion_tokens: Math.ceil(content.length / 4),
        total_tokens: Math.ceil((prompt.length + content.length) / 4),
      },
    });
  }
}
