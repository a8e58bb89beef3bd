package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.Crc64;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.skiplist.ZSet;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Bit flips, byte sets, truncations, deletions, duplications and insertions of valid RDB files and
 * DUMP payloads: each input either reads to values or throws {@link CorruptEncodingException};
 * nothing else escapes and nothing hangs. The seed is printed and {@code -Dredstruct.seed=} replays
 * it.
 */
class RdbCorruptionTest {
  private static final long SEED = Long.getLong("redstruct.seed", System.nanoTime());
  private static final int FILE_INPUTS = 60_000;
  private static final int PAYLOAD_INPUTS = 40_000;

  @Test
  void mutatedFilesAndPayloadsThrowOnlyCorruptEncodingException() {
    System.out.println("RdbCorruptionTest seed " + SEED);
    SplittableRandom rnd = new SplittableRandom(SEED);
    byte[] file = seedFile(rnd);
    List<byte[]> payloads = seedPayloads(rnd);
    int[] outcome = new int[2];
    for (int i = 0; i < FILE_INPUTS; i++) {
      byte[] m = mutate(rnd, file);
      if (rnd.nextInt(3) == 0 && m.length >= 8) {
        Arrays.fill(m, m.length - 8, m.length, (byte) 0); // checksum "not computed"
      }
      outcome[readFile(m, i) ? 0 : 1]++;
    }
    for (int i = 0; i < PAYLOAD_INPUTS; i++) {
      byte[] p = payloads.get(rnd.nextInt(payloads.size()));
      byte[] m = mutate(rnd, p);
      if (rnd.nextInt(4) != 0 && m.length > RdbPayload.FOOTER) { // re-sign, so the body is parsed
        Bytes.putLongLE(m, m.length - 8, Crc64.update(0, m, 0, m.length - 8));
      }
      outcome[loadPayload(m, i) ? 0 : 1]++;
    }
    System.out.printf(
        "RdbCorruptionTest: %d mutated inputs, %d read, %d rejected as corrupt%n",
        FILE_INPUTS + PAYLOAD_INPUTS, outcome[0], outcome[1]);
    assertEquals(FILE_INPUTS + PAYLOAD_INPUTS, outcome[0] + outcome[1]);
    assertTrue(outcome[1] > 0);
  }

  @Test
  void theSeedFileReadsWithEveryWalkedTypeReported() {
    List<Integer> unmodelled = new ArrayList<>();
    int keys = 0;
    try (RdbFileReader r =
        RdbFileReader.open(new ByteArrayInputStream(seedFile(new SplittableRandom(1))))) {
      for (RdbFileReader.Entry e = r.next(); e != null; e = r.next()) {
        keys++;
        if (e.value() instanceof RedisValue.Unmodelled u) {
          unmodelled.add(u.rdbType());
        }
      }
      assertEquals(2, r.skippedAuxiliary());
    }
    assertEquals(8 + 8, keys);
    assertEquals(List.of(7), unmodelled); // sets (2, 11), hashes (4) and streams (19) are modelled
  }

  private static boolean readFile(byte[] m, int i) {
    try (RdbFileReader r = RdbFileReader.open(new ByteArrayInputStream(m))) {
      for (RdbFileReader.Entry e = r.next(); e != null; e = r.next()) {
        touch(e.value());
      }
      return true;
    } catch (CorruptEncodingException expected) {
      return false;
    } catch (RuntimeException | Error e) {
      throw new AssertionError("file input " + i + ", seed " + SEED + ": " + Bytes.hex(m), e);
    }
  }

  private static boolean loadPayload(byte[] m, int i) {
    try {
      touch(RedisPayloads.load(m));
      return true;
    } catch (CorruptEncodingException expected) {
      return false;
    } catch (RuntimeException | Error e) {
      throw new AssertionError("payload input " + i + ", seed " + SEED + ": " + Bytes.hex(m), e);
    }
  }

  /** Reads a loaded value through, so lazily decoded parts are decoded too. */
  private static void touch(RedisValue v) {
    if (v instanceof RedisValue.ListValue l) {
      l.list().toList();
    }
  }

  static byte[] mutate(SplittableRandom rnd, byte[] in) {
    byte[] b = in.clone();
    int n = b.length;
    switch (rnd.nextInt(6)) {
      case 0 -> b[rnd.nextInt(n)] ^= (byte) (1 << rnd.nextInt(8));
      case 1 -> b[rnd.nextInt(n)] = (byte) rnd.nextInt(256);
      case 2 -> b = Arrays.copyOf(b, rnd.nextInt(n));
      case 3 -> {
        int from = rnd.nextInt(n);
        int len = rnd.nextInt(Math.min(64, n - from) + 1);
        byte[] out = new byte[n - len];
        System.arraycopy(b, 0, out, 0, from);
        System.arraycopy(b, from + len, out, from, n - from - len);
        b = out;
      }
      case 4 -> {
        int from = rnd.nextInt(n);
        int len = rnd.nextInt(Math.min(64, n - from) + 1);
        int at = rnd.nextInt(n + 1);
        byte[] out = new byte[n + len];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(in, from, out, at, len);
        System.arraycopy(b, at, out, at + len, n - at);
        b = out;
      }
      default -> {
        for (int k = 1 + rnd.nextInt(4); k > 0; k--) {
          b[rnd.nextInt(n)] = (byte) (0x80 | rnd.nextInt(128)); // length markers, opcodes
        }
      }
    }
    return b;
  }

  /** Our writer's keys of every covered type, then records of the types we only walk. */
  static final String STREAM_BODY =
      "0110000000000000000700000000000000001d1d0000000a0001010001010181660200010201000100018176"
          + "020401ff01070007000000010101670700010100000000000000070000000000000000a60b9926a2010000"
          + "010105616c696365a60b9926a20100000100000000000000070000000000000000";

  private static byte[] hex(String h) {
    return java.util.HexFormat.of().parseHex(h);
  }

  static byte[] seedFile(SplittableRandom rnd) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    RdbFileWriter w = RdbFileWriter.create(out, true);
    w.selectDb(0, 12, 1);
    for (int i = 0; i < 8; i++) {
      Samples.Sample s =
          i % 4 == 3
              ? Samples.list(rnd, "l" + i, 1 + rnd.nextInt(40))
              : i % 4 == 1 ? Samples.hll(rnd, "h" + i, 5) : Samples.random(rnd, "k" + i);
      w.put(s.key(), s.value(), i == 0 ? 1_700_000_000_000L : -1);
    }
    w.finish();
    byte[] ours = out.toByteArray();
    byte[] walked = walkedRecords();
    // splice the walked records in before EOF, then re-sign the file
    byte[] file = new byte[ours.length + walked.length];
    System.arraycopy(ours, 0, file, 0, ours.length - 9);
    System.arraycopy(walked, 0, file, ours.length - 9, walked.length);
    file[file.length - 9] = (byte) 0xff;
    Bytes.putLongLE(file, file.length - 8, Crc64.update(0, file, 0, file.length - 8));
    return file;
  }

  /** Hand-built records of the layouts RdbValueScanner walks (values need not be valid). */
  static byte[] walkedRecords() {
    RdbWriter w = RdbWriter.create(false);
    w.type(0xf8).length(5).type(0xf9).raw((byte) 3); // IDLE, FREQ
    w.type(0xfd).raw((byte) 1, (byte) 2, (byte) 3, (byte) 4); // EXPIRETIME in seconds
    w.type(RdbPayload.TYPE_SET).string("set").length(2).string("a").string("12345");
    w.type(RdbPayload.TYPE_HASH).string("hash").length(1).string("f").string("v");
    w.type(RdbPayload.TYPE_ZSET).string("zs1").length(2).string("a").raw((byte) 3);
    w.raw("1.5".getBytes()).string("b").raw((byte) 254);
    w.type(RdbPayload.TYPE_ZSET_2).string("zs2").length(1).string("m").binaryDouble(2.5);
    w.type(RdbPayload.TYPE_SET_INTSET)
        .string("is")
        .string(new byte[] {2, 0, 0, 0, 1, 0, 0, 0, 7, 0});
    ZSet z = ZSet.create();
    z.add(new byte[] {'a'}, 1.5);
    byte[] zp = RedisPayloads.dump(z, false);
    w.raw(zp, 0, 1).string("zlp").raw(zp, 1, zp.length - 1 - RdbPayload.FOOTER);
    // redis-server 7.0.15: XADD st 7-0 f v, XGROUP CREATE st g 0, XREADGROUP GROUP g alice COUNT
    // 1 STREAMS st >, then DUMP st without its type byte and footer
    w.type(RdbPayload.TYPE_STREAM_LISTPACKS_2).string("st").raw(hex(STREAM_BODY));
    w.type(RdbPayload.TYPE_MODULE_2).string("mod").length(42);
    w.length(1).length(7).length(3).raw(new byte[4]).length(4).raw(new byte[8]);
    w.length(5).string("x").length(0);
    w.type(0xf7).length(42).length(2).length(1).length(5).string("aux").length(0); // MODULE_AUX
    w.type(0xf5).string("#!lua name=lib\nredis.register_function('f', function() end)");
    return w.toByteArray();
  }

  static List<byte[]> seedPayloads(SplittableRandom rnd) {
    List<byte[]> p = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      p.add(Samples.random(rnd, "p").payload(rnd.nextBoolean()));
    }
    p.add(Samples.list(rnd, "big", 600).payload(true));
    p.add(Samples.hll(rnd, "dense", 3000).payload(true));
    p.add(RdbPayload.ofBlob(RdbPayload.TYPE_HASH_LISTPACK, new byte[] {7, 0, 0, 0, 0, 0, -1}));
    return p;
  }
}
