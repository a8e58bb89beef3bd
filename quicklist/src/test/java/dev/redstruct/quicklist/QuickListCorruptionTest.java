package dev.redstruct.quicklist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.ziplist.ZipList;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Bit flips, byte changes, truncations and insertions in type 18 payloads and 6.2's types 14 and 10
 * (with a valid CRC, so the quicklist layer is reached): {@code fromRdbPayload} either loads a list
 * that passes {@code checkInvariants()} or throws {@link CorruptEncodingException}; nothing else
 * escapes. Seed printed; replay with {@code -Dredstruct.seed=<seed>}.
 */
class QuickListCorruptionTest {
  private static final int MUTATIONS = Integer.getInteger("redstruct.mutations", 5_000);

  @Test
  void mutatedPayloadsLoadOrThrowCorruptEncoding() {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    System.out.println("QuickListCorruptionTest seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    int loaded = 0;
    int rejected = 0;
    RdbPayload p = null;
    for (int i = 0; i < MUTATIONS; i++) {
      if (i % 50 == 0) {
        r = new SplittableRandom(seed + i);
        p = payload(r);
      }
      byte[] body = mutate(p.body(), r);
      try {
        QuickList back = QuickList.fromRdbPayload(RdbPayload.dump(p.type(), body), -2, 1);
        back.checkInvariants();
        assertEquals(back.size(), back.toList().size());
        loaded++;
      } catch (CorruptEncodingException e) {
        rejected++;
      } catch (RuntimeException | AssertionError e) {
        throw new AssertionError("seed " + seed + " mutation " + i + ": " + e, e);
      }
    }
    System.out.println("QuickListCorruptionTest: " + loaded + " loaded, " + rejected + " rejected");
    assertTrue(rejected > 0);
  }

  private static RdbPayload payload(SplittableRandom r) {
    if (r.nextInt(3) == 0) {
      return oldPayload(r);
    }
    QuickList ql = QuickList.create(r.nextInt(8) - 5, r.nextInt(3));
    ql.setPackedThreshold(r.nextBoolean() ? 100 : 0);
    int n = 1 + r.nextInt(200);
    for (int k = 0; k < n; k++) {
      byte[] v = new byte[r.nextInt(r.nextInt(10) == 0 ? 300 : 20)];
      for (int j = 0; j < v.length; j++) {
        v[j] = (byte) (r.nextInt(4) == 0 ? r.nextInt(256) : 'a' + r.nextInt(3));
      }
      ql.pushTail(v);
    }
    return RdbPayload.parse(ql.toRdbPayload(r.nextBoolean()));
  }

  /** A 6.2 payload: type 14 (quicklist of ziplists) or type 10 (one ziplist). */
  private static RdbPayload oldPayload(SplittableRandom r) {
    boolean quicklist = r.nextBoolean();
    int nodes = quicklist ? 1 + r.nextInt(3) : 1;
    RdbWriter w = RdbWriter.create(r.nextBoolean());
    w.type(quicklist ? RdbPayload.TYPE_LIST_QUICKLIST : RdbPayload.TYPE_LIST_ZIPLIST);
    if (quicklist) {
      w.length(nodes);
    }
    for (int i = 0; i < nodes; i++) {
      ZipList zl = ZipList.create();
      for (int j = 1 + r.nextInt(40); j > 0; j--) {
        zl.pushTail(
            r.nextBoolean()
                ? Long.toString(r.nextLong()).getBytes()
                : "v".repeat(r.nextInt(300)).getBytes());
      }
      w.string(zl.toByteArray());
    }
    return RdbPayload.parse(w.toDumpPayload());
  }

  private static byte[] mutate(byte[] body, SplittableRandom r) {
    byte[] b = body.clone();
    switch (r.nextInt(4)) {
      case 0 -> b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
      case 1 -> b[r.nextInt(b.length)] = (byte) r.nextInt(256);
      case 2 -> b = Arrays.copyOf(b, r.nextInt(b.length));
      default -> {
        int at = r.nextInt(b.length + 1);
        byte[] c = new byte[b.length + 1];
        System.arraycopy(b, 0, c, 0, at);
        c[at] = (byte) r.nextInt(256);
        System.arraycopy(b, at, c, at + 1, b.length - at);
        b = c;
      }
    }
    return b;
  }
}
