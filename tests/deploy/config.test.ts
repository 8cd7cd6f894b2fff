import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { connect as connectHttp2, type ClientHttp2Session } from 'node:http2';
import { get as httpsGet } from 'node:https';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_BRAND } from '../../server/config.js';
import { freePort, startBuiltServer, stopProcess } from '../helpers/process.js';

const run = promisify(execFile);

/** Whether a command runs at all (`nginx -v`, `docker compose version`). */
function available(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const nginx = ['/usr/sbin/nginx', 'nginx'].find((command) => available(command, ['-v']));
// CI installs nginx (.ci/run): there a missing nginx fails the run instead of quietly checking less.
if (!nginx && process.env.CI) throw new Error('CI requires nginx to check deploy/nginx');
const composeInstalled = available('docker', ['compose', 'version']);

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
  env_file?: { path: string; required: boolean }[];
  volumes?: string[];
  healthcheck?: { start_period?: string };
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
  logging?: { driver: string; options: Record<string, string> };
  profiles?: string[];
}

interface ComposeFile {
  services: Record<string, ComposeService | undefined>;
  volumes: Record<string, unknown>;
}

/** Let's Encrypt's certificate stood in for by a self-signed one for example.ru, made by openssl; its chain is itself. */
async function selfSignedCertificate(dir: string): Promise<string> {
  const certificates = path.join(dir, 'letsencrypt');
  await run('mkdir', ['-p', certificates, path.join(dir, 'certbot')]);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=example.ru',
    '-keyout',
    path.join(certificates, 'privkey.pem'),
    '-out',
    path.join(certificates, 'fullchain.pem'),
  ]);
  await copyFile(path.join(certificates, 'fullchain.pem'), path.join(certificates, 'chain.pem'));
  return certificates;
}

/** deploy/nginx/site.conf with its machine's paths moved into `dir` (the cache, the certificate, the ACME webroot). */
async function siteConfIn(dir: string, certificates: string): Promise<string> {
  return (await readFile('deploy/nginx/site.conf', 'utf8'))
    .replaceAll('/var/cache/nginx', dir)
    .replaceAll('/etc/letsencrypt/live/example.ru', certificates)
    .replaceAll('/var/www/certbot', path.join(dir, 'certbot'));
}

/** An nginx.conf for the CI user: every path nginx writes to in `dir`, then the upstream and the site. */
function nginxConf(dir: string, upstream: string, site: string, extra: string[] = []): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return [
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')};`,
    ...extra,
    'events {}',
    'http {',
    `  access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
    `  include ${upstream};`,
    `  include ${site};`,
    '}',
  ].join('\n');
}

/**
 * The deployment example stays valid: nginx accepts deploy/nginx (the upstream of two processes and the site),
 * tested as the CI user with a wrapper whose paths are writable; compose.yaml is read for what it must describe, and
 * checked by Docker Compose where it is installed (it is documentation here, not run).
 */
describe('deployment example', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-nginx-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.runIf(nginx)('passes nginx -t with the upstream of two processes and the site over HTTPS, with a self-signed certificate', async () => {
    const certificates = await selfSignedCertificate(dir);
    // The cache folder is the one path of the site's configuration nginx writes to; it moves into the temporary one.
    await writeFile(path.join(dir, 'site.conf'), await siteConfIn(dir, certificates));
    await writeFile(path.join(dir, 'nginx.conf'), nginxConf(dir, path.resolve('deploy/nginx/upstream.conf'), path.join(dir, 'site.conf')));
    const { stderr } = await run(nginx!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')]);
    expect(stderr).toContain('test is successful');
  });

  it.runIf(nginx)(
    'serves the built site over HTTPS in front of the real server: HTTP/2 and TLS 1.2/1.3, the site’s page with HSTS once, HTTP redirected with 301, the ACME challenge',
    async () => {
      expect(existsSync('build/server/index.js'), 'run npm run build first (npm test does)').toBe(true);
      const folder = path.join(dir, 'live');
      const dataDir = path.join(dir, 'data');
      await mkdir(folder, { recursive: true });
      const certificates = await selfSignedCertificate(folder);
      const [plainPort, securePort, appPort] = [await freePort(), await freePort(), await freePort()];
      // The site as the deploy example runs it behind nginx: its public address is HTTPS, and it believes the one
      // hop nginx adds to X-Forwarded-For.
      const app = await startBuiltServer(appPort, { DATA_DIR: dataDir, PUBLIC_URL: 'https://example.ru', TRUST_PROXY: '1', ADMIN_PASSWORD: '' });
      let server: ChildProcess | undefined;
      let session: ClientHttp2Session | undefined;
      try {
        const site = (await siteConfIn(folder, certificates))
          .replace('listen 80;', `listen 127.0.0.1:${plainPort};`)
          .replace('listen 443 ssl http2;', `listen 127.0.0.1:${securePort} ssl http2;`)
          .replace(/^\s*listen \[::\]:\d[^;]*;$/gm, '');
        await writeFile(path.join(folder, 'site.conf'), site);
        await writeFile(path.join(folder, 'upstream.conf'), `upstream site_app { server 127.0.0.1:${appPort}; keepalive 4; }`);
        await writeFile(
          path.join(folder, 'nginx.conf'),
          nginxConf(folder, path.join(folder, 'upstream.conf'), path.join(folder, 'site.conf'), ['daemon off;']),
        );
        await mkdir(path.join(folder, 'certbot/.well-known/acme-challenge'), { recursive: true });
        await writeFile(path.join(folder, 'certbot/.well-known/acme-challenge/token-1'), 'token-1.key', { mode: 0o644 });
        // nginx's workers may run as another user (nobody, when the tests run as root): the webroot must be readable.
        for (const part of [dir, folder, 'certbot', 'certbot/.well-known', 'certbot/.well-known/acme-challenge'])
          await chmod(path.resolve(folder, part), 0o755);
        server = spawn(nginx!, ['-p', folder, '-c', path.join(folder, 'nginx.conf')], { stdio: 'ignore' });
        const ca = await readFile(path.join(certificates, 'fullchain.pem'));
        const tlsOptions = { ca, servername: 'example.ru', checkServerIdentity: () => undefined };
        const get = (url: string) =>
          new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
            const request = (url.startsWith('https:') ? httpsGet : httpGet)(url, url.startsWith('https:') ? tlsOptions : {}, (response) => {
              let body = '';
              response.on('data', (chunk: Buffer) => (body += chunk.toString()));
              response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
            });
            request.on('error', reject);
          });
        // nginx is up once it answers through to the site.
        await expect
          .poll(
            () =>
              get(`https://127.0.0.1:${securePort}/api/health`).then(
                (answer) => answer.status,
                () => 0,
              ),
            { timeout: 30_000 },
          )
          .toBe(200);

        // A browser's visit: HTTP/2 chosen by ALPN over TLS 1.3, the site's own home page.
        const opened = connectHttp2(`https://127.0.0.1:${securePort}`, tlsOptions);
        session = opened;
        await new Promise<void>((resolve, reject) => {
          opened.once('connect', () => resolve());
          opened.once('error', reject);
        });
        const socket = opened.socket as TLSSocket;
        expect([opened.alpnProtocol, socket.getProtocol()]).toEqual(['h2', 'TLSv1.3']);
        const page = await new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
          const stream = opened.request({ ':path': '/', ':authority': 'example.ru' });
          let headers: IncomingHttpHeaders = {};
          let body = '';
          stream.on('response', (answer) => (headers = answer));
          stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
          stream.on('end', () => resolve({ headers, body }));
          stream.on('error', reject);
          stream.end();
        });
        expect(page.headers[':status']).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html; ?charset=utf-8$/);
        expect(page.body).toMatch(/^<!DOCTYPE html>\s*<html lang="ru"/i);
        expect(page.body).toContain(DEFAULT_BRAND);
        // Browsers keep the first HSTS header they see: nginx's is the only one, not repeated by the site.
        expect(page.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
        // The site's own delivery header passes through nginx (the home page was rendered before the server listened).
        expect(page.headers['cache-status']).toMatch(/; hit/);

        // TLS 1.2 is still accepted; anything older is refused by nginx.
        const version = (options: ConnectionOptions) =>
          new Promise<string>((resolve) => {
            const tls = tlsConnect({ host: '127.0.0.1', port: securePort, ...tlsOptions, ...options }, () => {
              resolve(tls.getProtocol() ?? 'none');
              tls.end();
            });
            tls.on('error', (error: NodeJS.ErrnoException) => resolve(`refused: ${error.code ?? error.message}`));
          });
        expect(await version({ maxVersion: 'TLSv1.2' })).toBe('TLSv1.2');
        expect(await version({ minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' })).toBe(
          'refused: ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION',
        );

        // A page with a query over HTTP/1.1: the site's, with HSTS.
        const news = await get(`https://127.0.0.1:${securePort}/news?page=2`);
        expect([news.status, news.headers['strict-transport-security']]).toEqual([200, 'max-age=63072000; includeSubDomains']);
        expect(news.body).toContain(DEFAULT_BRAND);

        const plain = await get(`http://127.0.0.1:${plainPort}/news?page=2`);
        expect(plain.status).toBe(301);
        expect(plain.headers.location).toBe('https://127.0.0.1/news?page=2');
        const challenge = await get(`http://127.0.0.1:${plainPort}/.well-known/acme-challenge/token-1`);
        expect([challenge.status, challenge.body]).toEqual([200, 'token-1.key']);
      } finally {
        session?.destroy();
        if (server) {
          const running = server;
          server.kill('SIGTERM');
          await new Promise<void>((resolve) => (running.exitCode !== null || running.signalCode !== null ? resolve() : running.once('exit', () => resolve())));
        }
        await stopProcess(app);
      }
    },
    // Starting the built server takes a while on a busy machine: its first start migrates and renders the home page.
    120_000,
  );

  it('serves the site over HTTPS only: TLS 1.2/1.3 with HTTP/2 on 443, HSTS on every answer, port 80 redirecting except the ACME challenge', async () => {
    const site = await readFile('deploy/nginx/site.conf', 'utf8');
    const servers = site.split(/^server \{$/m).slice(1);
    expect(servers).toHaveLength(2);
    const [plain, secure] = servers as [string, string];
    expect(plain).toContain('listen 80;');
    expect(plain).toMatch(/location \^~ \/\.well-known\/acme-challenge\/ \{\s+root \/var\/www\/certbot;/);
    expect(plain).toContain('return 301 https://$host$request_uri;');
    expect(plain).not.toContain('proxy_pass');
    expect(secure).toContain('listen 443 ssl http2;');
    expect(secure).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
    expect(secure).toContain('ssl_certificate /etc/letsencrypt/live/example.ru/fullchain.pem;');
    expect(secure).toContain('ssl_stapling on;');
    expect(secure).not.toMatch(/ssl_ciphers[^;]*(?:RC4|3DES|CBC|SHA:|MD5)/);
    // An add_header in a location replaces the server's: each one that has its own repeats HSTS.
    const hsts = 'add_header Strict-Transport-Security "max-age=63072000; includeSubDomains" always;';
    const ownHeaders = (secure.match(/^ {8}add_header (?!Strict-Transport-Security)/gm) ?? []).length;
    expect(ownHeaders).toBeGreaterThan(0);
    expect(secure.split(hsts).length - 1).toBe(1 + ownHeaders);
    // The processes' own HSTS (a year) would come first and be the one a browser keeps: nginx drops it.
    expect(secure).toContain('proxy_hide_header Strict-Transport-Security;');
  });

  it('names the same site upstream for the machine and for compose', async () => {
    for (const file of ['deploy/nginx/upstream.conf', 'deploy/nginx/upstream.compose.conf']) {
      const text = await readFile(file, 'utf8');
      expect(text).toContain('upstream site_app');
      expect(text.match(/max_fails=3 fail_timeout=10s/g)).toHaveLength(2);
    }
    expect(await readFile('deploy/nginx/site.conf', 'utf8')).toContain('proxy_pass http://site_app;');
  });

  it('describes two app processes on PostgreSQL and MinIO behind nginx in compose.yaml (and passes docker compose config where installed)', async () => {
    const text = await readFile('compose.yaml', 'utf8');
    const compose = parse(text, { merge: true }) as ComposeFile;
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'certbot', 'minio', 'minio-bucket', 'nginx', 'postgres']);
    for (const app of [compose.services.app1, compose.services.app2]) {
      expect(app?.environment).toMatchObject({ S3_BUCKET: 'site-uploads', TRUST_PROXY: '1', BACKUP_DIR: '/backups' });
      // Both processes sign and check sessions with one secret, from one file.
      expect(app?.env_file).toEqual([{ path: 'deploy/compose/app.env', required: true }]);
    }
    for (const volume of compose.services.nginx?.volumes ?? []) if (volume.startsWith('./')) await access(volume.split(':')[0] ?? '');
    if (composeInstalled) {
      const { stdout } = await run('docker', ['compose', '-f', 'compose.yaml', 'config', '--services']);
      expect(stdout.split('\n').filter(Boolean).sort()).toEqual(
        Object.keys(compose.services)
          .filter((name) => name !== 'certbot')
          .sort(),
      );
    }
  });

  it('keeps compose.yaml deployable: secrets in env files with examples, named volumes, limits, rotated logs, pinned images, no demo by default', async () => {
    const text = await readFile('compose.yaml', 'utf8');
    const compose = parse(text, { merge: true }) as ComposeFile;
    const services = Object.entries(compose.services) as [string, ComposeService][];
    // No password, key or secret is written in the file: each comes from an env file whose example is committed.
    for (const [name, service] of services) {
      for (const key of Object.keys(service.environment ?? {})) expect(key, `${name}.${key}`).not.toMatch(/PASSWORD|SECRET|KEY|TOKEN|DATABASE_URL/);
    }
    expect(text).not.toMatch(/postgres:\/\/[^@\s:]*:[^@\s]*@/);
    const examples: Record<string, string[]> = {
      'deploy/compose/app.env': ['DATABASE_URL', 'JWT_SECRET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'METRICS_TOKEN', 'BACKUP_KEY'],
      'deploy/compose/postgres.env': ['POSTGRES_USER', 'POSTGRES_PASSWORD', 'POSTGRES_DB'],
      'deploy/compose/minio.env': ['MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD'],
    };
    const used = new Set(services.flatMap(([, service]) => (service.env_file ?? []).map((file) => file.path)));
    expect([...used].sort()).toEqual(Object.keys(examples).sort());
    for (const [file, keys] of Object.entries(examples)) {
      const example = await readFile(`${file}.example`, 'utf8');
      for (const key of keys) expect(example, `${file}.example`).toMatch(new RegExp(`^${key}=`, 'm'));
    }
    expect(await readFile('deploy/compose/.gitignore', 'utf8')).toMatch(/^\*\.env$/m);

    // The site's data outlive the containers: named volumes, one folder of archives both processes share.
    for (const app of ['app1', 'app2']) {
      const volumes = compose.services[app]?.volumes ?? [];
      expect(volumes).toContain('backups:/backups');
      const data = volumes.find((volume) => volume.endsWith(':/data'))?.split(':')[0] ?? '';
      expect(Object.keys(compose.volumes)).toContain(data);
    }
    // A slow first start (migrations) does not fail the health check that app2 and nginx wait for.
    expect(compose.services.app1?.healthcheck?.start_period).toBe('120s');
    expect(compose.services.app1?.environment?.SEED_DEMO).toBe('${SEED_DEMO:-0}');
    for (const [name, service] of services) {
      expect(service.logging, name).toEqual({ driver: 'json-file', options: { 'max-size': '10m', 'max-file': '5' } });
      // Every image names its version; MinIO's by its release tag.
      expect(service.image, name).toMatch(/^[\w./-]+:(?!latest$)[\w.-]+$/);
      if (name !== 'minio-bucket' && name !== 'certbot') expect(service.deploy?.resources?.limits?.memory, name).toMatch(/^\d+[MG]$/);
    }
    expect(compose.services.minio?.image).toMatch(/^minio\/minio:RELEASE\.\d{4}-/);
    expect(compose.services['minio-bucket']?.image).toMatch(/^minio\/mc:RELEASE\.\d{4}-/);
    // nginx terminates TLS with the certificate certbot keeps.
    expect(compose.services.nginx?.volumes).toEqual(expect.arrayContaining(['letsencrypt:/etc/letsencrypt:ro', 'certbot-www:/var/www/certbot:ro']));
  });
});
