// Messages the user sends wait here until the chat is online (spec 000 §4: sending then success; issue 20:
// "messages sent while reconnecting are queued and sent once"). Each keeps its trackId, so a push whose
// outcome is unknown (the network fell mid-call) is simply pushed again: the server stores a trackId once.
// One push at a time, in the order they were written.
import type { Message, MessagePushRequest } from '@/types/api.gen';

export type OutgoingState = 'waiting' | 'sending' | 'failed';

export interface Outgoing {
  request: MessagePushRequest;
  state: OutgoingState;
  /** When it was written (epoch ms), for its place in the conversation. */
  createdAt: number;
  /** A local preview (object URL) of a picture or clip being sent. */
  preview?: string;
  /** What to show while it waits (a file's name, a quote). */
  extraView?: string;
  referContent?: string;
}

/** What a failed push means: try again when online (unknown outcome), or give up until the user retries. */
export type PushFailure = 'retry' | 'failed';

export interface OutboxOptions {
  push: (req: MessagePushRequest) => Promise<Message>;
  /** A refused push ('failed': shown with a retry button) or one to try again later ('retry'). */
  classify: (err: unknown) => PushFailure;
  onChange: (items: Outgoing[]) => void;
  onSent: (message: Message, item: Outgoing) => void;
  now?: () => number;
  /** How long after an unknown outcome the push is tried again while online. */
  retryMs?: number;
}

export const RETRY_MS = 5_000;

export class Outbox {
  private items: Outgoing[] = [];
  private online = false;
  private flushing: Promise<void> | null = null;
  private readonly opts: OutboxOptions;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set when a flush was asked while one ran: it runs once more. */
  private again = false;
  /** After an unknown outcome: nothing goes until the retry timer, a return online or the user's retry. */
  private paused = false;

  constructor(opts: OutboxOptions) {
    this.opts = opts;
  }

  list(): Outgoing[] {
    return this.items;
  }

  /** Adds a message (a new trackId) and sends it now when online. */
  add(request: MessagePushRequest, view: Partial<Pick<Outgoing, 'preview' | 'extraView' | 'referContent'>> = {}): void {
    if (this.items.some((i) => i.request.trackId === request.trackId)) return;
    this.items = [...this.items, { request, state: 'waiting', createdAt: (this.opts.now ?? Date.now)(), ...view }];
    this.changed();
    void this.flush();
  }

  /** The user's retry of a failed message: the same trackId goes again. */
  retry(trackId: string): void {
    this.paused = false;
    this.update(trackId, 'waiting');
    void this.flush();
  }

  /** The user gives up on a failed or waiting message. */
  discard(trackId: string): void {
    const item = this.items.find((i) => i.request.trackId === trackId);
    if (!item || item.state === 'sending') return;
    this.items = this.items.filter((i) => i !== item);
    this.changed();
  }

  /** The socket's state: pushes go only while it is online. */
  setOnline(online: boolean): void {
    this.online = online;
    if (online) {
      this.paused = false;
      void this.flush();
    }
  }

  /** Forgets everything (sign-out). */
  clear(): void {
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.items = [];
    this.changed();
  }

  /** Sends what waits, one at a time; concurrent calls share the run, so a message never goes twice at once. */
  flush(): Promise<void> {
    this.again = true;
    if (!this.flushing) {
      this.flushing = (async () => {
        while (this.again) {
          this.again = false;
          await this.run();
        }
      })().finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async run(): Promise<void> {
    for (;;) {
      if (!this.online || this.paused) return;
      const next = this.items.find((i) => i.state === 'waiting');
      if (!next) return;
      this.update(next.request.trackId, 'sending');
      try {
        const message = await this.opts.push(next.request);
        this.items = this.items.filter((i) => i.request.trackId !== next.request.trackId);
        this.changed();
        this.opts.onSent(message, next);
      } catch (err) {
        const kind = this.opts.classify(err);
        this.update(next.request.trackId, kind === 'retry' ? 'waiting' : 'failed');
        // Unknown outcome: stop here and push it again (the same trackId) a little later, or on the next
        // return online, whichever comes first.
        if (kind === 'retry') {
          this.paused = true;
          this.retryLater();
          return;
        }
      }
    }
  }

  private retryLater(): void {
    if (this.retryTimer !== undefined) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.paused = false;
      void this.flush();
    }, this.opts.retryMs ?? RETRY_MS);
  }

  private update(trackId: string, state: OutgoingState): void {
    let found = false;
    this.items = this.items.map((i) => {
      if (i.request.trackId !== trackId) return i;
      found = true;
      return { ...i, state };
    });
    if (found) this.changed();
  }

  private changed(): void {
    this.opts.onChange(this.items);
  }
}
