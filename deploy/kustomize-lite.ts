/**
 * A deliberately small kustomize renderer for the unit tests: renders `k8s/overlays/*` offline without a
 * kustomize binary. It implements ONLY the features our kustomizations use, and fails loudly on any other field:
 *
 *   resources   files (multi-document YAML) and directories holding a kustomization.yaml
 *   namespace   set on every namespaced object
 *   labels      `pairs` with `includeSelectors: false` (metadata.labels only, like kustomize)
 *   images      `name` → `newName` / `newTag` in every `containers` / `initContainers` list
 *   patches     `path` or inline `patch`; a YAML list is a JSON 6902 patch (add / replace / remove), an object is
 *               a strategic-merge patch. Targets: `kind`, `name`, `labelSelector` (`k=v[,k=v]`).
 *
 * Strategic merge is simplified the way kustomize applies it to our files: maps merge recursively, `null`
 * deletes, lists of objects that all carry `name` merge by `name` (containers, env, volumes, volumeMounts —
 * we only ever add or change entries), every other list is replaced. Custom resources (no built-in schema) get
 * a JSON merge patch: all their lists are replaced, as kustomize does.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, parse } from 'yaml';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [k: string]: unknown };
  [k: string]: unknown;
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

interface PatchTarget {
  kind?: string;
  name?: string;
  labelSelector?: string;
}
interface PatchEntry {
  path?: string;
  patch?: string;
  target?: PatchTarget;
}
interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  patches?: PatchEntry[];
}

const supportedFields = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'labels',
  'images',
  'patches',
]);

/** Kinds that are cluster-scoped among those we use. */
const clusterScoped = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition']);

/** Built-in API groups (strategic merge applies); anything else is a custom resource (JSON merge patch). */
const builtInApiVersion = /^(v1|apps\/v1|batch\/v1|autoscaling\/v2|policy\/v1|networking\.k8s\.io\/v1)$/;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => structuredClone(v);

export function parseYamlDocuments(text: string, source: string): Json[] {
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length) throw new Error(`${source}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS() as Json;
    return value === null || value === undefined ? [] : [value];
  });
}

function readKustomization(dir: string): Kustomization {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${dir}: no kustomization.yaml`);
  const k = parse(readFileSync(file, 'utf8')) as Kustomization;
  for (const key of Object.keys(k)) {
    if (!supportedFields.has(key))
      throw new Error(`${file}: field "${key}" is not supported by kustomize-lite`);
  }
  for (const l of k.labels ?? []) {
    if (l.includeSelectors) throw new Error(`${file}: labels.includeSelectors=true is not supported`);
  }
  return k;
}

/** Renders the kustomization in `dir` (a folder with kustomization.yaml) to a flat list of objects. */
export function renderKustomization(dir: string): K8sObject[] {
  const root = resolve(dir);
  const k = readKustomization(root);
  let objects: K8sObject[] = [];

  for (const entry of k.resources ?? []) {
    const path = resolve(root, entry);
    if (statSync(path).isDirectory()) objects.push(...renderKustomization(path));
    else objects.push(...(parseYamlDocuments(readFileSync(path, 'utf8'), path) as unknown as K8sObject[]));
  }
  assertUnique(objects, root);

  for (const p of k.patches ?? []) objects = applyPatchEntry(objects, p, root);

  for (const image of k.images ?? []) for (const o of objects) setImages(o as unknown as Json, image);

  for (const { pairs } of k.labels ?? []) {
    for (const o of objects) o.metadata.labels = { ...(o.metadata.labels ?? {}), ...pairs };
  }

  if (k.namespace) {
    for (const o of objects) if (!clusterScoped.has(o.kind)) o.metadata.namespace = k.namespace;
  }
  return objects;
}

function id(o: K8sObject) {
  return `${o.apiVersion}/${o.kind}/${o.metadata.name}`;
}

function assertUnique(objects: K8sObject[], where: string) {
  const seen = new Set<string>();
  for (const o of objects) {
    if (!o || typeof o.kind !== 'string' || !o.metadata?.name) {
      throw new Error(`${where}: object without kind or metadata.name: ${JSON.stringify(o).slice(0, 200)}`);
    }
    if (seen.has(id(o))) throw new Error(`${where}: duplicate object ${id(o)}`);
    seen.add(id(o));
  }
}

function matchesTarget(o: K8sObject, t: PatchTarget): boolean {
  if (t.kind && o.kind !== t.kind) return false;
  if (t.name && o.metadata.name !== t.name) return false;
  if (t.labelSelector) {
    for (const term of t.labelSelector.split(',')) {
      const [key, value] = term.split('=').map((s) => s.trim());
      if (!key || value === undefined || term.includes('!'))
        throw new Error(`labelSelector "${t.labelSelector}": only k=v terms are supported`);
      if (o.metadata.labels?.[key] !== value) return false;
    }
  }
  return true;
}

function applyPatchEntry(objects: K8sObject[], entry: PatchEntry, root: string): K8sObject[] {
  const text = entry.path ? readFileSync(resolve(root, entry.path), 'utf8') : entry.patch;
  if (text === undefined) throw new Error(`${root}: a patch needs path or patch`);
  const docs = parseYamlDocuments(text, entry.path ?? 'inline patch');

  // JSON 6902: one document that is a list of operations, applied to every target
  if (docs.length === 1 && Array.isArray(docs[0])) {
    if (!entry.target) throw new Error(`${root}: a JSON 6902 patch needs a target`);
    const targets = objects.filter((o) => matchesTarget(o, entry.target!));
    if (!targets.length)
      throw new Error(`${root}: patch target ${JSON.stringify(entry.target)} matches nothing`);
    return objects.map((o) =>
      targets.includes(o)
        ? (applyJson6902(o as unknown as Json, docs[0] as Json[]) as unknown as K8sObject)
        : o,
    );
  }

  // strategic merge: each document patches the object it names (or every target)
  let result = objects;
  for (const doc of docs) {
    if (!isObject(doc)) throw new Error(`${root}: patch document must be an object`);
    const patch = doc as unknown as K8sObject;
    const selector: PatchTarget = entry.target ?? { kind: patch.kind, name: patch.metadata?.name };
    let matched = 0;
    result = result.map((o) => {
      if (!matchesTarget(o, selector)) return o;
      matched++;
      const { kind: _k, apiVersion: _a, ...body } = doc;
      const builtIn = builtInApiVersion.test(o.apiVersion);
      return mergePatch(o as unknown as Json, body, builtIn) as unknown as K8sObject;
    });
    if (!matched)
      throw new Error(
        `${root}: strategic-merge patch for ${patch.kind}/${patch.metadata?.name} matches nothing`,
      );
  }
  return result;
}

/** Strategic merge (simplified, see the file comment) or, when `namedLists` is false, RFC 7386 JSON merge. */
export function mergePatch(target: Json, patch: Json, namedLists: boolean): Json {
  if (isObject(patch)) {
    const out: JsonObject = isObject(target) ? { ...target } : {};
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete out[key];
      else out[key] = mergePatch(out[key] ?? null, value, namedLists);
    }
    return out;
  }
  if (
    Array.isArray(patch) &&
    Array.isArray(target) &&
    namedLists &&
    isNamedList(patch) &&
    isNamedList(target)
  ) {
    // like kustomize: the patch's entries first (in patch order, merged into their originals), then the rest
    const patched = (patch as JsonObject[]).map((item) => {
      const original = target.find((t) => isObject(t) && t.name === item.name);
      return original ? mergePatch(original, item, namedLists) : clone(item);
    });
    const names = new Set((patch as JsonObject[]).map((item) => item.name));
    return [...patched, ...target.filter((t) => !names.has((t as JsonObject).name ?? null)).map(clone)];
  }
  return clone(patch);
}

function isNamedList(list: Json[]): boolean {
  return list.length > 0 && list.every((item) => isObject(item) && typeof item.name === 'string');
}

function pointer(path: string): string[] {
  if (!path.startsWith('/')) throw new Error(`JSON pointer "${path}" must start with /`);
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

export function applyJson6902(document: Json, operations: Json[]): Json {
  const doc = clone(document);
  for (const op of operations) {
    if (!isObject(op) || typeof op.op !== 'string' || typeof op.path !== 'string')
      throw new Error(`bad JSON 6902 operation ${JSON.stringify(op)}`);
    const segments = pointer(op.path);
    const last = segments.pop()!;
    let parent: Json = doc;
    for (const s of segments) {
      const next: Json | undefined = Array.isArray(parent)
        ? parent[Number(s)]
        : isObject(parent)
          ? parent[s]
          : undefined;
      if (next === undefined) throw new Error(`JSON 6902 ${op.op} ${op.path}: "${s}" does not exist`);
      parent = next;
    }
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (!Number.isInteger(index) || index < 0 || index > parent.length)
        throw new Error(`JSON 6902 ${op.op} ${op.path}: bad index`);
      if (op.op === 'add') parent.splice(index, 0, clone(op.value ?? null));
      else if (op.op === 'replace' && index < parent.length) parent[index] = clone(op.value ?? null);
      else if (op.op === 'remove' && index < parent.length) parent.splice(index, 1);
      else throw new Error(`JSON 6902 ${op.op} ${op.path}: unsupported or out of range`);
    } else if (isObject(parent)) {
      if (op.op === 'add') parent[last] = clone(op.value ?? null);
      else if ((op.op === 'replace' || op.op === 'remove') && !(last in parent))
        throw new Error(`JSON 6902 ${op.op} ${op.path}: "${last}" does not exist`);
      else if (op.op === 'replace') parent[last] = clone(op.value ?? null);
      else if (op.op === 'remove') delete parent[last];
      else throw new Error(`JSON 6902 op "${op.op}" is not supported`);
    } else throw new Error(`JSON 6902 ${op.op} ${op.path}: parent is not a container`);
  }
  return doc;
}

function setImages(node: Json, image: { name: string; newName?: string; newTag?: string }) {
  if (Array.isArray(node)) {
    for (const item of node) setImages(item, image);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'containers' || key === 'initContainers') && Array.isArray(value)) {
      for (const c of value) {
        if (!isObject(c) || typeof c.image !== 'string') continue;
        const [name, tag] = splitImage(c.image);
        if (name !== image.name) continue;
        c.image = `${image.newName ?? name}${image.newTag ? `:${image.newTag}` : tag ? `:${tag}` : ''}`;
      }
    }
    setImages(value, image);
  }
}

function splitImage(ref: string): [string, string | undefined] {
  const at = ref.indexOf('@');
  if (at >= 0) return [ref.slice(0, at), undefined];
  const colon = ref.lastIndexOf(':');
  return colon > ref.lastIndexOf('/') ? [ref.slice(0, colon), ref.slice(colon + 1)] : [ref, undefined];
}

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
