// A bare Fastify hello-world: the baseline the real server's /api/health is compared against.
// Listens on 127.0.0.1 on a free port and prints `listening <port>` once ready.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('unexpected listen address');
process.stdout.write(`listening ${address.port}\n`);
