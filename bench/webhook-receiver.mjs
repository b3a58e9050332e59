// A webhook receiver in its own process, so receiving never competes with the worker's event loop.
// Records the arrival time of each webhook-id and reports to the parent over IPC.
import http from 'node:http';

const arrivals = new Map();
let duplicates = 0;
// /slow stands for another partner's endpoint that answers after `delay` ms; its deliveries are only counted.
let slowArrivals = 0;
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const slow = /^\/slow\?delay=(\d+)/.exec(request.url ?? '');
    if (slow) {
      slowArrivals += 1;
      setTimeout(() => response.writeHead(200).end('ok'), Number(slow[1]));
      return;
    }
    const id = request.headers['webhook-id'];
    if (arrivals.has(id)) duplicates += 1;
    else arrivals.set(id, Date.now());
    response.writeHead(200).end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port }));
process.on('message', (message) => {
  if (message.type === 'report')
    process.send({
      type: 'report',
      arrivals: [...arrivals.entries()],
      duplicates,
      slowArrivals,
      cpuMicros: process.cpuUsage().user + process.cpuUsage().system,
    });
  if (message.type === 'reset') {
    arrivals.clear();
    duplicates = 0;
    slowArrivals = 0;
    process.send({ type: 'reset' });
  }
  if (message.type === 'stop') server.close(() => process.exit(0));
});
