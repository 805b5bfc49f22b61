import { canonicalJson } from '../../lib/json.js';
import { createHash } from 'node:crypto';
import DataLoader from 'dataloader';
import { consentRequired } from '../../errors.js';
import type { CallOptions, Form, UpstreamClient, UpstreamResult, UserCredentials } from '../upstream/client.js';
import type { UpstreamBudget } from '../../limits/upstreamBudget.js';
import type { Lane } from '../upstream/fairScheduler.js';
import { Limiter } from '../upstream/limiter.js';
import { operation, type OperationId } from '../upstream/operations.js';

/** The arguments of one upstream call as a datasource gives them; the caller's consent is added here. */
export type AccessOptions = Omit<CallOptions, 'signal' | 'consent' | 'lane'>;

/** What a datasource needs from the upstream: deduplicated reads and plain writes. */
export interface UpstreamAccess {
  /** A read: one upstream call per distinct (operation, arguments, consent) for the life of this access. */
  read(operationId: OperationId, options: AccessOptions): Promise<UpstreamResult>;
  /** A call that changes state or must not be shared: always sent, never deduplicated. */
  send(operationId: OperationId, options: AccessOptions): Promise<UpstreamResult>;
  /**
   * Checks, without calling the upstream, that the caller's consent covers `operationId` for
   * `subject`; throws CONSENT_REQUIRED or FORBIDDEN as the call itself would.
   */
  authorize(operationId: OperationId, subject: string): Promise<void>;
}

/** What one GraphQL operation brings to its upstream access. */
export interface OperationScope {
  readonly signal?: AbortSignal | undefined;
  readonly consent?: UserCredentials | undefined;
  readonly budget?: UpstreamBudget | undefined;
  readonly lane?: Lane | undefined;
}

/** One read: its deduplication key and the arguments it is sent with. */
interface ReadKey {
  readonly key: string;
  readonly options: AccessOptions;
}

/**
 * Upstream access for one GraphQL operation: a DataLoader per upstream operation keyed by the
 * canonical arguments (and, for operations under a user grant, the identity of the caller's consent),
 * and a bound on how many of this operation's calls are in flight at once. The upstream has no batch
 * endpoints, so a batch fans out into single calls, in key order. The file parts of a multipart form
 * enter the key as the SHA-256 of their bytes (with filename, content type and size), never as the
 * bytes themselves: the same upload asked for twice in one operation is sent once, and a key stays a
 * few hundred bytes however large the file.
 */
export class RequestUpstream implements UpstreamAccess {
  private readonly loaders = new Map<OperationId, DataLoader<ReadKey, UpstreamResult, string>>();
  private readonly limiter: Limiter;

  constructor(
    private readonly client: Pick<UpstreamClient, 'call'>,
    concurrency: number,
    private readonly signal?: AbortSignal,
    /** The consent the caller presented, if any. */
    private readonly consent?: UserCredentials,
    /** This operation's budget of upstream calls, if it has one. */
    private readonly budget?: UpstreamBudget,
    /** Who this operation is for: its calls queue in this lane when the process-wide capacity runs short. */
    private readonly lane?: Lane,
  ) {
    this.limiter = new Limiter(concurrency);
  }

  /** The upstream access of one GraphQL operation, from what its context knows. */
  static forOperation(
    client: Pick<UpstreamClient, 'call'>,
    concurrency: number,
    scope: OperationScope,
  ): RequestUpstream {
    return new RequestUpstream(client, concurrency, scope.signal, scope.consent, scope.budget, scope.lane);
  }

  read(operationId: OperationId, options: AccessOptions): Promise<UpstreamResult> {
    const { form, ...rest } = options;
    const keyed = form === undefined ? rest : { ...rest, form: formKey(form) };
    return this.loaderFor(operationId).load({ key: canonicalJson([this.consentKey(operationId), keyed]), options });
  }

  /**
   * Never cancelled when the caller goes away: a write that was sent must get its answer. An action
   * that carries its trackId was claimed under an idempotency key: it is counted but never refused.
   */
  async send(operationId: OperationId, options: AccessOptions): Promise<UpstreamResult> {
    if (options.trackId === undefined) this.budget?.spend(operationId);
    else this.budget?.record(operationId);
    return this.limiter.run(() => this.client.call(operationId, this.withLane(this.withConsent(operationId, options))));
  }

  async authorize(operationId: OperationId, subject: string): Promise<void> {
    const { grant, scope } = operation(operationId);
    if (grant === 'client_credentials') return;
    if (!this.consent) throw consentRequired(scope, grant);
    await this.consent.token({ operationId, scope, grant, subject });
  }

  /** Answers of operations under a user grant depend on whose consent asked: key them by it too. */
  private consentKey(operationId: OperationId): string | null {
    return operation(operationId).grant === 'client_credentials' ? null : (this.consent?.key ?? null);
  }

  private withConsent(operationId: OperationId, options: AccessOptions): CallOptions {
    return this.consent && operation(operationId).grant !== 'client_credentials'
      ? { ...options, consent: this.consent }
      : options;
  }

  private loaderFor(operationId: OperationId): DataLoader<ReadKey, UpstreamResult, string> {
    let loader = this.loaders.get(operationId);
    if (!loader) {
      loader = new DataLoader<ReadKey, UpstreamResult, string>(
        (keys) =>
          Promise.all(
            keys.map(({ options }) => {
              const sent = canonicalOptions(options);
              try {
                this.budget?.spend(operationId);
              } catch (refusal) {
                return refusal as Error;
              }
              return this.limiter
                .run(() =>
                  this.client.call(operationId, this.withSignal(this.withLane(this.withConsent(operationId, sent)))),
                )
                .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
            }),
          ),
        { name: operationId, cacheKeyFn: (read) => read.key },
      );
      this.loaders.set(operationId, loader);
    }
    return loader;
  }

  private withLane(options: CallOptions): CallOptions {
    return this.lane ? { ...options, lane: this.lane } : options;
  }

  private withSignal(options: CallOptions): CallOptions {
    return this.signal ? { ...options, signal: this.signal } : options;
  }
}

/** The arguments as the key saw them (undefined members dropped), with the form's bytes untouched. */
function canonicalOptions(options: AccessOptions): AccessOptions {
  const { form, ...rest } = options;
  const plain = JSON.parse(canonicalJson(rest)) as AccessOptions;
  return form === undefined ? plain : { ...plain, form };
}

/** A form as a key: text fields as they are, file parts by the SHA-256 of their bytes. */
function formKey(form: Form): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(form).map(([name, value]) => [
      name,
      typeof value === 'string'
        ? value
        : {
            sha256: createHash('sha256').update(value.data).digest('hex'),
            size: value.data.byteLength,
            filename: value.filename,
            contentType: value.contentType,
          },
    ]),
  );
}
