import { PORT, login, signed } from '../lib/server.ts';
const token = await login(PORT);
const [path, ...kv] = process.argv.slice(2);
const query = Object.fromEntries(kv.map((p) => p.split('=')));
const at = performance.now();
const r = await fetch(`http://127.0.0.1:${PORT}${path}?${new URLSearchParams(query)}&${signed(query)}`, { headers: { authorization: `Bearer ${token}` } });
const text = await r.text();
console.log((performance.now() - at).toFixed(1), 'ms', text.length, text.slice(0, 200));
