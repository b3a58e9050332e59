// `npm run dev`: the API with tsx watch and the web app with Vite's hot reload, side by side.
import { spawn } from 'node:child_process';

const children = [
  // E-mailed links and the SSO redirect must point at Vite's port in development.
  spawn('npm', ['run', 'dev', '--workspace', '@rampart/server'], { stdio: 'inherit', env: { PUBLIC_URL: 'http://localhost:5173', ...process.env } }),
  spawn('npm', ['run', 'dev', '--workspace', '@rampart/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
