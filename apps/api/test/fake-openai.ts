import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking OpenAI's chat-completions and audio-transcriptions protocols. Each request takes
 * the next behaviour of the script: a valid answer, a malformed one, no answer (timeout), a 429 or a 500.
 */
type Behaviour =
  | 'ok'
  | 'malformed'
  | 'timeout'
  | '429'
  | '500'
  | 'gap'
  | 'script'
  | 'short-script'
  | 'listen';

/** A `POST /v1/audio/transcriptions` as the server received it (multipart, parsed). */
export interface TranscriptionRequest {
  model: string | null;
  language: string | null;
  fileName: string | null;
  fileType: string | null;
  bytes: Buffer;
  authorization?: string;
}
export class FakeOpenAi {
  server: Server;
  script: Behaviour[] = [];
  /** Answers' contents to give, in order, before the built-in ones of 'ok' (a test's own JSON). */
  contents: string[] = [];
  requests: { path: string; body: Record<string, unknown>; authorization?: string }[] = [];
  /** The texts the transcription endpoint answers, in order; then `TRANSCRIPT`. */
  transcripts: string[] = [];
  transcriptions: TranscriptionRequest[] = [];
  #hanging: ServerResponse[] = [];
  #count = 0;

  constructor() {
    this.server = createServer((request, response) => void this.#handle(request, response));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop() {
    for (const response of this.#hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  async #handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    if (request.url === '/v1/audio/transcriptions') return this.#transcribe(request, raw, response);
    const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    this.requests.push({ path: request.url ?? '', body, authorization: request.headers.authorization });
    const behaviour = this.script.shift() ?? 'ok';
    if (this.#failed(behaviour, response)) return;
    const n = ++this.#count;
    // 'gap': a cloze gap's options with the word the prompt says was taken out as the correct one.
    const said = (body.messages as { content: unknown }[]).map((message) => JSON.stringify(message.content));
    const gapWord = /The word taken out is \\"([^"\\]+)\\"/.exec(said.join(' '))?.[1];
    const queued = behaviour === 'ok' ? this.contents.shift() : undefined;
    const content =
      queued !== undefined
        ? queued
        : behaviour === 'malformed'
          ? '{"stem": "This answer stops in the mid'
          : behaviour === 'script' || behaviour === 'short-script'
            ? JSON.stringify({
                kind: 'conversation',
                title: 'A delayed delivery',
                lines: behaviour === 'short-script' ? MODEL_SCRIPT.slice(0, 3) : MODEL_SCRIPT,
              })
            : behaviour === 'listen'
              ? JSON.stringify({
                  stem: 'Why is the man calling?',
                  options: [
                    'A delivery is late.',
                    'An invoice is wrong.',
                    'A meeting has moved.',
                    'A product is damaged.',
                  ],
                  correct_option: 0,
                  explanation: 'The man says the chairs have not arrived.',
                })
              : behaviour === 'gap'
                ? JSON.stringify({
                    stem: 'Choose the word for the gap.',
                    options: ['quietly', gapWord ?? 'missing', 'rarely', 'nearly'],
                    correct_option: 1,
                    explanation: `“${gapWord}” fits the sentence.`,
                  })
                : JSON.stringify({
                    stem: `The supplier agreed to _______ the delivery date by two days (${n}).`,
                    options: ['extend', 'extension', 'extensive', 'extensively'],
                    correct_option: 0,
                    explanation: 'Sau “to” cần một động từ nguyên mẫu: extend.',
                  });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: `chatcmpl-${n}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 50, completion_tokens: 40, total_tokens: 90 },
      }),
    );
  }

  /** The failing behaviours, answered; false for the others. */
  #failed(behaviour: Behaviour, response: ServerResponse): boolean {
    if (behaviour === 'timeout') {
      this.#hanging.push(response);
      return true;
    }
    if (behaviour === '429') {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }));
      return true;
    }
    if (behaviour === '500') {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
      return true;
    }
    return false;
  }

  /** OpenAI's speech-to-text: multipart `file` and `model`, answered `{ text }` ('malformed': no text). */
  async #transcribe(request: IncomingMessage, raw: Buffer, response: ServerResponse) {
    // The multipart body parsed as a fetch Request parses it (undici's form-data parser).
    const form = await new Request('http://fake.local/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: raw,
    }).formData();
    const file = form.get('file');
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : null;
    };
    this.transcriptions.push({
      model: field('model'),
      language: field('language'),
      fileName: file instanceof File ? file.name : null,
      fileType: file instanceof File ? file.type : null,
      bytes: file instanceof File ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0),
      authorization: request.headers.authorization,
    });
    const behaviour = this.script.shift() ?? 'ok';
    if (this.#failed(behaviour, response)) return;
    if (!(file instanceof File) || !field('model')) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { message: 'file and model are required', type: 'invalid_request_error' } }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      behaviour === 'malformed'
        ? JSON.stringify({ transcript: 'not the field OpenAI answers' })
        : JSON.stringify({ text: this.transcripts.shift() ?? TRANSCRIPT }),
    );
  }
}

/** What the fake model answers for a listening script (written for these tests). */
export const MODEL_SCRIPT = [
  {
    speaker: 'Man',
    text: 'Good morning. I’m calling from the Lotus Hotel about the forty chairs we ordered for our conference room. They were supposed to arrive yesterday, but nothing has come yet.',
  },
  {
    speaker: 'Woman',
    text: 'I’m sorry about that. Let me look at your order. It seems the truck broke down on the highway, so all of yesterday’s deliveries were moved to today.',
  },
  {
    speaker: 'Man',
    text: 'Today? Our conference starts tomorrow at eight, and we still have to set up the room this evening. Can you tell me when the driver will get here?',
  },
  {
    speaker: 'Woman',
    text: 'The driver should reach you between three and four this afternoon. As an apology, we’ll take ten percent off the price of the chairs.',
  },
  {
    speaker: 'Man',
    text: 'Thank you, that helps. Please ask the driver to use the loading area behind the hotel, because the front entrance is closed for painting this week.',
  },
];

/** What the fake transcription endpoint hears by default (the words of test/fixtures/speech-park.webm). */
export const TRANSCRIPT =
  'I like to visit the park near my house at the weekend, because it is quiet and green.';
