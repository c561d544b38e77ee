import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ConfigError, configVariables, loadConfig } from '@dte/config';
import { searchAttributeTypes } from '@dte/contract';

/**
 * The deployment files checked without running them: docker-compose.yml, the Dockerfile and the
 * Kubernetes manifests (rendered as `kubectl apply -k` would), against the configuration module and
 * against each other.
 */
const ROOT = path.resolve(__dirname, '../..');
const K8S = path.join(ROOT, 'deploy/kubernetes');

type Env = Record<string, string>;

/** Variables a production deployment must set: their defaults only fit the local stack. */
const PRODUCTION = [
  'SECRET_KEY',
  'S3_SECRET_KEY',
  'S3_ACCESS_KEY',
  'MONGODB_URI',
  'TEMPORAL_ADDRESS',
  'SMTP_URL',
  'MH_BASE_URL',
  'API_PUBLIC_URL',
] as const;
const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];
const VALID_SECRET_KEY = 'ab'.repeat(32);
const known = new Set<string>(configVariables);

/** The variables the configuration module refuses in `env`, by name. */
function refused(env: Env): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return [...err.message.matchAll(/^ {2}(\w+):/gm)].map((m) => m[1]!);
  }
}

/** Variables without a default that every process needs. */
const required = refused({});

function read(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

// ---------------------------------------------------------------------------------------------- Dockerfile

interface Stage {
  name: string;
  from: string;
  instructions: { op: string; args: string }[];
}

const stages: Stage[] = [];
for (const line of read('Dockerfile').replace(/\\\n/g, ' ').split('\n')) {
  const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
  if (!match || line.trim().startsWith('#')) continue;
  const [, op, args] = match as unknown as [string, string, string];
  if (op.toUpperCase() === 'FROM') {
    const [, from, name] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) as unknown as [string, string, string?];
    stages.push({ name: name ?? String(stages.length), from, instructions: [] });
  } else {
    stages.at(-1)!.instructions.push({ op: op.toUpperCase(), args: args.trim() });
  }
}

function stage(name: string): Stage {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`the Dockerfile has no stage ${name}`);
  return found;
}

/** A stage's instructions, those of the stages it is built FROM first. */
function chain(name: string): Stage['instructions'] {
  const s = stage(name);
  return [...(stages.some((p) => p.name === s.from) ? chain(s.from) : []), ...s.instructions];
}

/** A stage with every stage it is built FROM or copies files from. */
function origins(name: string): string[] {
  const s = stage(name);
  const parents = [s.from, ...s.instructions.flatMap((i) => /--from=(\S+)/.exec(i.args)?.[1] ?? [])];
  return [name, ...parents.filter((p) => stages.some((x) => x.name === p)).flatMap(origins)];
}

function last(name: string, op: string): string | undefined {
  return chain(name)
    .filter((i) => i.op === op)
    .at(-1)?.args;
}

function stageEnv(name: string): Env {
  const pairs = chain(name)
    .filter((i) => i.op === 'ENV')
    .flatMap((i) => [...i.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)]);
  return Object.fromEntries(pairs.map((m) => [m[1]!, m[2]!.replace(/^"|"$/g, '')]));
}

/** The command of a stage's HEALTHCHECK, as an argument list. */
function healthcheck(name: string): string[] {
  const args = last(name, 'HEALTHCHECK');
  if (!args) throw new Error(`stage ${name} has no HEALTHCHECK`);
  const command = args.replace(/^(--\S+\s+)*CMD\s+/, '');
  return command.startsWith('[') ? (JSON.parse(command) as string[]) : ['/bin/sh', '-c', command];
}

// ---------------------------------------------------------------------------------------------- compose

interface ComposeService {
  image?: string;
  build?: { context: string; target: string };
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  command?: string[];
  restart?: string;
  stop_grace_period?: string;
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const services = compose.services;

/**
 * A service's environment after compose's interpolation: `${X:-default}` gives the default, while
 * `${X:?message}` and `${X}` are the operator's to set and are only listed in `operator`.
 */
function composeEnv(name: string): { env: Env; operator: string[] } {
  const env: Env = {};
  const operator: string[] = [];
  for (const [key, raw] of Object.entries(services[name]?.environment ?? {})) {
    let fromOperator = false;
    const value = String(raw).replace(/\$\$|\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (match, _n, op: string, arg: string) => {
      if (match === '$$') return '$';
      if (op === '-') return arg;
      fromOperator = true;
      return '';
    });
    if (fromOperator) operator.push(key);
    else env[key] = value;
  }
  return { env, operator };
}

/** The host a variable's value points at (`mongodb://mongo:27017/dte`, `temporal:7233`). */
function hostOf(value: string): string | undefined {
  return (/^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^:/?#]+)/i.exec(value) ?? /^([a-z0-9.-]+):\d+$/i.exec(value))?.[1];
}

function dependencies(name: string): string[] {
  const direct = Object.keys(services[name]?.depends_on ?? {});
  return [...new Set([...direct, ...direct.flatMap(dependencies)])];
}

/** A compose healthcheck, or the HEALTHCHECK of the Dockerfile target the service is built from. */
function hasHealthcheck(name: string): boolean {
  const service = services[name]!;
  return (
    Boolean(service.healthcheck?.test?.length) || Boolean(service.build && last(service.build.target, 'HEALTHCHECK'))
  );
}

/** The processes of this repository: the services built from the Dockerfile. */
const built = Object.keys(services).filter((name) => services[name]!.build);

describe('Dockerfile', () => {
  it('is multi-stage and builds every target that compose and the manifests use', () => {
    expect(stages.length).toBeGreaterThan(2);
    const targets = [...built.map((name) => services[name]!.build!.target), ...k8sTargets()];
    for (const target of targets) expect(stages.map((s) => s.name)).toContain(target);
  });

  it.each(['api', 'worker', 'mh-simulator'])('runs %s as a non-root user with a HEALTHCHECK', (target) => {
    const instructions = chain(target);
    const cmd = instructions.findIndex(
      (i, n) => i.op === 'CMD' && n >= instructions.length - stage(target).instructions.length,
    );
    expect(cmd).toBeGreaterThan(-1);
    const user = instructions
      .slice(0, cmd)
      .filter((i) => i.op === 'USER')
      .at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(healthcheck(target).length).toBeGreaterThan(0);
  });

  it('builds the workflow bundle into the image and points the worker at it', () => {
    const build = stages.find((s) => s.instructions.some((i) => /apps\/worker\/dist\/bundle\.js\s+\S+/.test(i.args)))!;
    expect(build).toBeDefined();
    const bundle = /apps\/worker\/dist\/bundle\.js\s+(\S+)/.exec(build.instructions.map((i) => i.args).join('\n'))![1]!;
    expect(stageEnv('worker').WORKFLOW_BUNDLE_PATH).toBe(bundle);
    const copied = chain('worker').filter((i) => i.op === 'COPY' && i.args.includes(`--from=${build.name}`));
    expect(copied.some((i) => bundle.startsWith(i.args.split(/\s+/).at(-2)!))).toBe(true);
  });

  it.each(['api', 'worker', 'mh-simulator'])(
    '%s checks its health on the port the configuration gives it',
    (target) => {
      const defaults = loadConfig({}) as Record<string, unknown>;
      const [, variable, fallback] = /process\.env\.(\w+)\s*\|\|\s*(\d+)/.exec(healthcheck(target).join(' ')) ?? [];
      expect(known.has(variable!)).toBe(true);
      expect(Number(fallback)).toBe(defaults[variable!]);
    },
  );

  it.each(['api', 'worker', 'mh-simulator'])('%s keeps only production dependencies', (target) => {
    const runs = origins(target).flatMap((name) => stage(name).instructions.filter((i) => i.op === 'RUN'));
    expect(runs.some((i) => /--omit=dev/.test(i.args))).toBe(true);
  });

  it('sets only variables of the configuration module', () => {
    for (const target of ['api', 'worker', 'mh-simulator']) {
      const names = Object.keys(stageEnv(target));
      expect(names.filter((name) => !known.has(name))).toEqual([]);
    }
  });
});

describe('docker-compose.yml', () => {
  it.each(built)('%s sets only real variables, the required ones and those production needs', (name) => {
    const { env, operator } = composeEnv(name);
    const names = [...Object.keys(env), ...operator];
    expect(names.filter((n) => !known.has(n))).toEqual([]);
    expect(required.filter((n) => !names.includes(n))).toEqual([]);
    expect(PRODUCTION.filter((n) => !names.includes(n))).toEqual([]);
    // As the container runs: the image's variables (NODE_ENV=production), then the service's.
    expect(refused({ ...stageEnv(services[name]!.build!.target), ...env, SECRET_KEY: VALID_SECRET_KEY })).toEqual([]);
  });

  it('builds each service from a target of the Dockerfile', () => {
    for (const name of built) {
      expect(services[name]!.build!.context).toBe('.');
      expect(stages.map((s) => s.name)).toContain(services[name]!.build!.target);
    }
  });

  it('depends only on services that exist, healthy or run to completion', () => {
    for (const service of Object.values(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(Object.keys(services)).toContain(dependency);
        expect(['service_healthy', 'service_completed_successfully']).toContain(condition);
        if (condition === 'service_healthy')
          expect([dependency, hasHealthcheck(dependency)]).toEqual([dependency, true]);
        else expect([dependency, services[dependency]!.restart]).toEqual([dependency, undefined]);
      }
    }
  });

  it.each(['api', 'worker'])('%s reaches only compose services, and starts after each is healthy', (name) => {
    // API_PUBLIC_URL is where integrators reach the API from outside, not a service the process connects to.
    const { API_PUBLIC_URL: _, ...env } = composeEnv(name).env;
    const hosts = Object.values(env).flatMap((value) => hostOf(value) ?? []);
    expect(hosts.length).toBeGreaterThan(3);
    for (const host of hosts) {
      expect(Object.keys(services)).toContain(host);
      expect([host, dependencies(name).includes(host), hasHealthcheck(host)]).toEqual([host, true, true]);
    }
  });

  it('gives the API a reachable address and publishes its port', () => {
    const config = loadConfig(composeEnv('api').env);
    expect(LOOPBACK).not.toContain(config.API_HOST);
    expect(services.api!.ports!.map((p) => Number(p.split(':').at(-1)))).toContain(config.API_PORT);
    expect(stage('api').instructions.find((i) => i.op === 'EXPOSE')?.args).toBe(String(config.API_PORT));
  });

  it('points MH_BASE_URL at the simulator port', () => {
    const simulator = loadConfig(composeEnv('mh-simulator').env);
    const url = new URL(loadConfig(composeEnv('worker').env).MH_BASE_URL);
    expect([url.hostname, Number(url.port)]).toEqual(['mh-simulator', simulator.MH_SIM_PORT]);
    expect(LOOPBACK).not.toContain(simulator.MH_SIM_HOST);
  });

  it('runs MongoDB as the replica set the services name', () => {
    const replSet = services.mongo!.command![services.mongo!.command!.indexOf('--replSet') + 1];
    for (const name of built) {
      expect(new URL(composeEnv(name).env.MONGODB_URI!).searchParams.get('replicaSet')).toBe(replSet);
    }
  });

  it('gives MinIO the credentials the services use', () => {
    const minio = composeEnv('minio').env;
    for (const name of built) {
      const { env } = composeEnv(name);
      expect([minio.MINIO_ROOT_USER, minio.MINIO_ROOT_PASSWORD]).toEqual([env.S3_ACCESS_KEY, env.S3_SECRET_KEY]);
    }
  });

  it('registers the search attributes of the workflow contract in the namespace the services use', () => {
    const [name, registrar] = Object.entries(services).find(([, s]) =>
      s.command?.join(' ').includes('search-attribute create'),
    )!;
    const command = registrar.command!.join(' ');
    const pairs = [...command.matchAll(/--name\s+(\w+)\s+--type\s+(\w+)/g)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(pairs)).toEqual(searchAttributeTypes);
    const worker = loadConfig(composeEnv('worker').env);
    expect(/--namespace\s+(\S+)/.exec(command)?.[1]).toBe(worker.TEMPORAL_NAMESPACE);
    expect(composeEnv(name).env.TEMPORAL_ADDRESS).toBe(worker.TEMPORAL_ADDRESS);
    for (const app of ['api', 'worker']) {
      expect(services[app]!.depends_on![name]!.condition).toBe('service_completed_successfully');
    }
  });

  it('enables update-with-start on the Temporal server', () => {
    const temporal = services.temporal!;
    const file = composeEnv('temporal').env.DYNAMIC_CONFIG_FILE_PATH!;
    const mount = temporal.volumes!.map((v) => v.split(':')).find(([, target]) => target === `/etc/temporal/${file}`);
    expect(mount).toBeDefined();
    const dynamic = parse(read(mount![0]!)) as Record<string, { value: unknown }[]>;
    expect(dynamic['frontend.enableExecuteMultiOperation']?.[0]?.value).toBe(true);
    expect(dynamic['system.enableActivityEagerExecution']?.[0]?.value).toBe(true);
  });

  it('declares the named volumes and ships the bind-mounted files', () => {
    for (const volume of Object.values(services).flatMap((s) => s.volumes ?? [])) {
      const source = volume.split(':')[0]!;
      if (source.startsWith('.')) expect(fs.existsSync(path.join(ROOT, source))).toBe(true);
      else expect(Object.keys(compose.volumes)).toContain(source);
    }
  });

  it('gives the worker and the API time to stop gracefully', () => {
    for (const name of ['api', 'worker']) {
      const grace = loadConfig(composeEnv(name).env).SHUTDOWN_GRACE_SECONDS;
      expect(parseInt(services[name]!.stop_grace_period ?? '10s', 10)).toBeGreaterThan(grace + 5);
    }
  });
});

// ---------------------------------------------------------------------------------------------- Kubernetes

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Env; annotations?: Env };
  data?: Env;
  stringData?: Env;
  spec?: unknown;
}

interface Probe {
  httpGet?: { path: string; port: number | string };
  tcpSocket?: { port: number | string };
  exec?: { command: string[] };
}

interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: {
      configMapKeyRef?: { name: string; key: string };
      secretKeyRef?: { name: string; key: string; optional?: boolean };
    };
  }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Env; limits?: Env };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean };
  volumeMounts?: { name: string; mountPath: string }[];
}

interface PodSpec {
  containers: Container[];
  volumes?: { name: string; secret?: { secretName: string }; emptyDir?: object }[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  terminationGracePeriodSeconds?: number;
}

interface Deployment extends K8sObject {
  spec: { replicas?: number; selector: { matchLabels: Env }; template: { metadata: { labels: Env }; spec: PodSpec } };
}

interface Service extends K8sObject {
  spec: { selector: Env; ports: { name?: string; port: number; targetPort: number | string }[] };
}

interface Hpa extends K8sObject {
  spec: {
    scaleTargetRef: { kind: string; name: string };
    minReplicas: number;
    metrics: { type: string; resource?: { name: string } }[];
  };
}

interface Kustomization {
  namespace?: string;
  resources?: string[];
  components?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  patches?: { path: string; target: { kind: string; labelSelector?: string } }[];
}

function loadDocuments(file: string): K8sObject[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8'))
    .map((doc) => doc.toJS() as K8sObject | null)
    .filter((doc): doc is K8sObject => doc !== null);
}

function kustomization(dir: string): Kustomization {
  return parse(fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
}

/** JSON-patch `add`, the only operation the components use. */
function applyJsonPatch(doc: object, ops: { op: string; path: string; value: unknown }[]): void {
  for (const { op, path: pointer, value } of ops) {
    if (op !== 'add') throw new Error(`unsupported JSON patch operation ${op}`);
    const keys = pointer.split('/').slice(1);
    const key = keys.pop()!;
    const parent = keys.reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], doc);
    if (Array.isArray(parent)) parent.splice(key === '-' ? parent.length : Number(key), 0, value);
    else if (parent && typeof parent === 'object') (parent as Record<string, unknown>)[key] = value;
    else throw new Error(`${pointer} does not exist`);
  }
}

function selects(selector: Env, labels: Env | undefined): boolean {
  return Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

/** The manifests as kustomize renders them: resources, then components, then namespace and images. */
function render(dir: string, extraComponents: string[] = []): K8sObject[] {
  const k = kustomization(dir);
  const objects = (k.resources ?? []).flatMap((r) => {
    const file = path.join(dir, r);
    return fs.statSync(file).isDirectory() ? render(file) : loadDocuments(file);
  });
  for (const component of [...(k.components ?? []), ...extraComponents]) {
    const componentDir = path.join(dir, component);
    for (const patch of kustomization(componentDir).patches ?? []) {
      const ops = parse(fs.readFileSync(path.join(componentDir, patch.path), 'utf8'));
      if (!Array.isArray(ops)) throw new Error(`${patch.path}: only JSON patches are understood here`);
      const selector: Env = patch.target.labelSelector
        ? Object.fromEntries(patch.target.labelSelector.split(',').map((l) => l.split('=')))
        : {};
      for (const object of objects) {
        if (object.kind === patch.target.kind && selects(selector, object.metadata.labels)) applyJsonPatch(object, ops);
      }
    }
  }
  for (const object of objects) {
    if (k.namespace && object.kind !== 'Namespace') object.metadata.namespace = k.namespace;
    for (const container of object.kind === 'Deployment' ? (object as Deployment).spec.template.spec.containers : []) {
      const [name, tag] = container.image.split(':');
      const image = k.images?.find((i) => i.name === name);
      if (image) container.image = `${image.newName ?? name}:${image.newTag ?? tag}`;
    }
  }
  return objects;
}

const manifests = render(K8S);
const namespace = kustomization(K8S).namespace;
const exampleSecrets = fs
  .readdirSync(K8S)
  .filter((f) => f.endsWith('.example.yaml'))
  .flatMap((f) => loadDocuments(path.join(K8S, f)))
  .filter((o) => o.kind === 'Secret');
const deployments = manifests.filter((o): o is Deployment => o.kind === 'Deployment');
const k8sServices = manifests.filter((o): o is Service => o.kind === 'Service');

function k8sTargets(): string[] {
  return deployments.flatMap((d) => d.spec.template.spec.containers.map((c) => imageTarget(c.image)));
}

/** `ghcr.io/dte-service/<Dockerfile target>:<tag>` */
function imageTarget(image: string): string {
  const match = /^ghcr\.io\/dte-service\/([a-z-]+):[\w.-]+$/.exec(image);
  if (!match) throw new Error(`image ${image} is not ghcr.io/dte-service/<target>:<tag>`);
  return match[1]!;
}

function deployment(target: string, objects = manifests): Deployment {
  const found = objects.find(
    (o): o is Deployment =>
      o.kind === 'Deployment' && imageTarget((o as Deployment).spec.template.spec.containers[0]!.image) === target,
  );
  if (!found) throw new Error(`no Deployment runs the ${target} image`);
  return found;
}

function secretValue(name: string, key: string): string | undefined {
  const secret = exampleSecrets.find((s) => s.metadata.name === name);
  return secret?.stringData?.[key] ?? (secret?.data?.[key] && Buffer.from(secret.data[key], 'base64').toString());
}

/** A container's environment, with the example Secrets' values; every reference must resolve. */
/** A Kubernetes quantity of memory (`512Mi`, `3Gi`, `2G`) in bytes. */
function bytes(cantidad: string): number {
  const [, n, unidad] = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|k|M|G)?$/.exec(cantidad) ?? [];
  if (!n) throw new Error(`not a memory quantity: ${cantidad}`);
  const escala = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, k: 1e3, M: 1e6, G: 1e9 } as Record<string, number>;
  return Number(n) * (unidad ? escala[unidad]! : 1);
}

function containerEnv(container: Container, objects = manifests): Env {
  const configMap = (name: string) => {
    const found = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name);
    if (!found) throw new Error(`ConfigMap ${name} is not in the manifests`);
    return found.data ?? {};
  };
  const env: Env = {};
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, configMap(from.configMapRef.name));
    if (from.secretRef) {
      const secret = exampleSecrets.find((s) => s.metadata.name === from.secretRef!.name);
      if (!secret) throw new Error(`Secret ${from.secretRef.name} has no example`);
      Object.assign(env, secret.stringData);
    }
  }
  for (const { name, value, valueFrom } of container.env ?? []) {
    if (value !== undefined) env[name] = value;
    else if (valueFrom?.configMapKeyRef) {
      const { name: map, key } = valueFrom.configMapKeyRef;
      if (!(key in configMap(map))) throw new Error(`ConfigMap ${map} has no key ${key} (${name})`);
      env[name] = configMap(map)[key]!;
    } else if (valueFrom?.secretKeyRef) {
      const { name: secret, key } = valueFrom.secretKeyRef;
      const example = secretValue(secret, key);
      if (example === undefined) throw new Error(`the example of Secret ${secret} has no key ${key} (${name})`);
      env[name] = example;
    }
  }
  return env;
}

function portNumber(container: Container, port: number | string): number | undefined {
  return typeof port === 'number' ? port : container.ports?.find((p) => p.name === port)?.containerPort;
}

function probePort(container: Container, probe: Probe): number | undefined {
  const port = probe.httpGet?.port ?? probe.tcpSocket?.port;
  return port === undefined ? undefined : portNumber(container, port);
}

/** The Service in front of a Deployment's pods, and the container port its targetPort names. */
function serviceTargets(d: Deployment): number[] {
  const container = d.spec.template.spec.containers[0]!;
  return k8sServices
    .filter((s) => selects(s.spec.selector, d.spec.template.metadata.labels))
    .flatMap((s) => s.spec.ports.map((p) => portNumber(container, p.targetPort) ?? -1));
}

describe('Kubernetes manifests', () => {
  it('render from kustomization.yaml, with every other manifest an example', () => {
    const listed = new Set(kustomization(K8S).resources);
    const others = fs
      .readdirSync(K8S)
      .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml' && !listed.has(f));
    expect(others.filter((f) => !f.endsWith('.example.yaml'))).toEqual([]);
    expect(exampleSecrets.map((s) => s.metadata.namespace)).toEqual(exampleSecrets.map(() => namespace));
  });

  it('quote every ConfigMap and env value, as the API server only takes strings there', () => {
    const values = [
      ...manifests.filter((o) => o.kind === 'ConfigMap').flatMap((o) => Object.values(o.data ?? {})),
      ...deployments.flatMap((d) => d.spec.template.spec.containers.flatMap((c) => (c.env ?? []).map((e) => e.value))),
    ];
    expect(values.filter((v) => v !== undefined && typeof v !== 'string')).toEqual([]);
  });

  it('run the api and worker images of the Dockerfile, one container per pod', () => {
    expect(k8sTargets().sort()).toEqual(['api', 'worker']);
    for (const d of deployments) {
      expect(d.spec.template.spec.containers).toHaveLength(1);
      expect(selects(d.spec.selector.matchLabels, d.spec.template.metadata.labels)).toBe(true);
    }
  });

  it.each(['api', 'worker'])('%s sets only real variables, the required ones and those production needs', (target) => {
    const env = containerEnv(deployment(target).spec.template.spec.containers[0]!);
    expect(Object.keys(env).filter((n) => !known.has(n))).toEqual([]);
    expect(required.filter((n) => !(n in env))).toEqual([]);
    const defaults = loadConfig({}) as Record<string, unknown>;
    expect(PRODUCTION.filter((n) => env[n] === undefined || env[n] === String(defaults[n]))).toEqual([]);
    // As the container runs: the image's variables (NODE_ENV=production), then the pod's. The example Secret
    // must not start a process: its SECRET_KEY is not a key.
    const contenedor = { ...stageEnv(target), ...env };
    expect(contenedor.NODE_ENV).toBe('production');
    expect(refused(contenedor)).toEqual(['SECRET_KEY']);
    expect(refused({ ...contenedor, SECRET_KEY: VALID_SECRET_KEY })).toEqual([]);
    expect(refused({ ...contenedor, SECRET_KEY: VALID_SECRET_KEY, API_PUBLIC_URL: '' })).toEqual(['API_PUBLIC_URL']);
  });

  it('serves the API on API_PORT through the Service and probes /health there', () => {
    const d = deployment('api');
    const container = d.spec.template.spec.containers[0]!;
    const config = loadConfig({ ...containerEnv(container), SECRET_KEY: VALID_SECRET_KEY });
    expect(LOOPBACK).not.toContain(config.API_HOST);
    expect(container.ports!.map((p) => p.containerPort)).toContain(config.API_PORT);
    expect(serviceTargets(d)).toEqual([config.API_PORT]);
    expect(container.readinessProbe?.httpGet?.path).toBe('/health');
    expect(healthcheck('api').join(' ')).toContain('/health');
    expect(probePort(container, container.readinessProbe!)).toBe(config.API_PORT);
    expect(probePort(container, container.livenessProbe!)).toBe(config.API_PORT);
  });

  it("serves the worker's /metrics and /health on WORKER_METRICS_PORT, probed there and scraped headless", () => {
    const d = deployment('worker');
    const container = d.spec.template.spec.containers[0]!;
    const config = loadConfig({ ...containerEnv(container), SECRET_KEY: VALID_SECRET_KEY });
    expect(LOOPBACK).not.toContain(config.WORKER_METRICS_HOST);
    expect(serviceTargets(d)).toEqual([config.WORKER_METRICS_PORT]);
    for (const probe of [container.readinessProbe!, container.livenessProbe!]) {
      expect([probe.httpGet?.path, probePort(container, probe)]).toEqual(['/health', config.WORKER_METRICS_PORT]);
    }
    expect(healthcheck('worker').join(' ')).toContain('/health');
  });

  it('announce to Prometheus the port each Service leads to', () => {
    const annotated = k8sServices.filter((s) => s.metadata.annotations?.['prometheus.io/scrape'] === 'true');
    expect(annotated.length).toBeGreaterThan(0);
    for (const service of annotated) {
      const d = deployments.find((x) => selects(service.spec.selector, x.spec.template.metadata.labels))!;
      expect(serviceTargets(d).map(String)).toContain(service.metadata.annotations!['prometheus.io/port']);
    }
  });

  it.each(['api', 'worker'])('%s runs as non-root with resources and time to stop', (target) => {
    const pod = deployment(target).spec.template.spec;
    const container = pod.containers[0]!;
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    expect(pod.securityContext?.runAsUser).toBe(Number(last(target, 'USER')!.split(':')[0]));
    expect(container.securityContext?.allowPrivilegeEscalation).toBe(false);
    expect(container.resources?.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources?.limits?.memory).toEqual(expect.any(String));
    expect(container.readinessProbe).toBeDefined();
    expect(container.livenessProbe).toBeDefined();
    const config = loadConfig({ ...containerEnv(container), SECRET_KEY: VALID_SECRET_KEY });
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(config.SHUTDOWN_GRACE_SECONDS + 10);
  });

  it.each([
    // docs/benchmarks.md: the worker's 1.3 GB through a backlog of 5,000 in contingency, beside Chromium's
    // 1.3 GB; the API's 382 MB streaming a month's annex. The limit must hold the peak with 10% to spare.
    ['worker', 2.6e9],
    ['api', 382e6],
  ])("%s's memory limit holds the benchmark's peak RSS (%d bytes) with room to spare", (target, pico) => {
    const { limits, requests } = deployment(target).spec.template.spec.containers[0]!.resources!;
    expect(bytes(limits!.memory!)).toBeGreaterThanOrEqual(pico * 1.1);
    expect(bytes(requests!.memory!)).toBeLessThanOrEqual(bytes(limits!.memory!));
  });

  it('autoscale the worker (and the API) on CPU, leaving the replica count to the autoscaler', () => {
    const hpas = manifests.filter((o): o is Hpa => o.kind === 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name)).toContain(deployment('worker').metadata.name);
    for (const hpa of hpas) {
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      const target = deployments.find(
        (d) => hpa.spec.scaleTargetRef.kind === 'Deployment' && d.metadata.name === hpa.spec.scaleTargetRef.name,
      );
      expect(target).toBeDefined();
      expect(target!.spec.replicas).toBeUndefined();
      expect(target!.spec.template.spec.containers[0]!.resources?.requests?.cpu).toBeDefined();
      expect(hpa.spec.metrics.map((m) => m.resource?.name)).toContain('cpu');
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    }
  });

  it('limit voluntary disruptions of each Deployment', () => {
    const budgets = manifests.filter((o) => o.kind === 'PodDisruptionBudget') as (K8sObject & {
      spec: { selector: { matchLabels: Env } };
    })[];
    for (const d of deployments) {
      expect(budgets.filter((b) => selects(b.spec.selector.matchLabels, d.spec.template.metadata.labels))).toHaveLength(
        1,
      );
    }
  });

  it('mount the Temporal client certificate where the TLS variables point, with the temporal-mtls component', () => {
    const withTls = render(K8S, ['components/temporal-mtls']);
    for (const target of ['api', 'worker']) {
      const pod = deployment(target, withTls).spec.template.spec;
      const container = pod.containers[0]!;
      const env = containerEnv(container, withTls);
      expect(refused({ ...env, SECRET_KEY: VALID_SECRET_KEY })).toEqual([]);
      const files = ['TEMPORAL_TLS_CERT_PATH', 'TEMPORAL_TLS_KEY_PATH'].map((name) => env[name]!);
      for (const file of files) {
        const mount = container.volumeMounts!.find((m) => path.dirname(file) === m.mountPath)!;
        expect(mount).toBeDefined();
        const secret = pod.volumes!.find((v) => v.name === mount.name)!.secret!;
        expect(secretValue(secret.secretName, path.basename(file))).toBeDefined();
      }
    }
  });
});
