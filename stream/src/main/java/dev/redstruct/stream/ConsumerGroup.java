package dev.redstruct.stream;

import java.util.Arrays;
import java.util.TreeMap;

/**
 * A consumer group of a stream: its last delivered ID, its logical read counter, its pending
 * entries (PEL) and its consumers. Redis: streamCG, src/stream.h.
 */
final class ConsumerGroup {
  /** Redis: SCG_INVALID_ENTRIES_READ. */
  static final long INVALID_ENTRIES_READ = -1;

  final byte[] name;
  StreamId lastId;
  long entriesRead;
  final TreeMap<StreamId, Pending> pel = new TreeMap<>();
  final TreeMap<byte[], Consumer> consumers = new TreeMap<>(Arrays::compareUnsigned);

  ConsumerGroup(byte[] name, StreamId lastId, long entriesRead) {
    this.name = name;
    this.lastId = lastId;
    this.entriesRead = entriesRead;
  }

  /** Redis: streamLookupConsumer (refresh sets the seen time). */
  Consumer consumer(byte[] name, boolean refresh, long now) {
    Consumer c = consumers.get(name);
    if (c != null && refresh) {
      c.seenTime = now;
    }
    return c;
  }

  /** Redis: streamCreateConsumer; null when it exists. */
  Consumer createConsumer(byte[] name, long now) {
    if (consumers.containsKey(name)) {
      return null;
    }
    Consumer c = new Consumer(name.clone(), now);
    consumers.put(c.name, c);
    return c;
  }

  /** Redis: streamDelConsumer. */
  void deleteConsumer(Consumer c) {
    for (StreamId id : c.pel.keySet()) {
      pel.remove(id);
    }
    consumers.remove(c.name);
  }

  ConsumerGroup copy() {
    ConsumerGroup g = new ConsumerGroup(name, lastId, entriesRead);
    for (Consumer c : consumers.values()) {
      Consumer d = new Consumer(c.name, c.seenTime);
      g.consumers.put(d.name, d);
    }
    for (var e : pel.entrySet()) {
      Pending p = e.getValue();
      Consumer owner = p.consumer == null ? null : g.consumers.get(p.consumer.name);
      Pending q = new Pending(owner, p.deliveryTime, p.deliveryCount);
      g.pel.put(e.getKey(), q);
      if (owner != null) {
        owner.pel.put(e.getKey(), q);
      }
    }
    return g;
  }

  /** A consumer of a group. Redis: streamConsumer. */
  static final class Consumer {
    final byte[] name;
    long seenTime;
    final TreeMap<StreamId, Pending> pel = new TreeMap<>();

    Consumer(byte[] name, long seenTime) {
      this.name = name;
      this.seenTime = seenTime;
    }
  }

  /** A delivered, not yet acknowledged entry. Redis: streamNACK. */
  static final class Pending {
    Consumer consumer;
    long deliveryTime;
    long deliveryCount;

    Pending(Consumer consumer, long deliveryTime, long deliveryCount) {
      this.consumer = consumer;
      this.deliveryTime = deliveryTime;
      this.deliveryCount = deliveryCount;
    }
  }
}
