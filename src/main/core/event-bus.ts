import type { EventName, EventPayload } from '../../shared/contract';
import { events } from '../../shared/contract';

export type EventListener = (name: EventName, payload: unknown) => void;

/** Fan-out of contract events to whatever transports are attached (IPC window, WebSocket clients). */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    // Validate on the way out too: a malformed event is a bug in main, caught here, not in the UI.
    const parsed = events[name].parse(payload);
    for (const l of this.listeners) l(name, parsed);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
