package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RedisPayloads#load} on the payloads of issue 27, each with what redis-server 7.0.15's
 * {@code RESTORE} made of it ({@code RedisPayloadsVerdictsRedisIT} checks them on the server).
 */
class RedisPayloadsLoadTest {
  static byte[] hex(String h) {
    return HexFormat.of().parseHex(h);
  }

  static List<String> elements(RedisValue v) {
    List<String> out = new ArrayList<>();
    for (byte[] b : ((RedisValue.ListValue) v).list().toList()) {
      out.add(new String(b, StandardCharsets.UTF_8));
    }
    return out;
  }

  /**
   * Item 3: RESTORE of this type-1 payload gives {@code [a, b, 1, 12345678901]} and DUMP of the key
   * afterwards gives {@code TYPE1_REDIS_DUMP} (one listpack node).
   */
  static final String TYPE1 = "01040161016201310b31323334353637383930310a003b9a18ab29789cd0";

  static final String TYPE1_REDIS_DUMP =
      "120102191900000004008161028162020101f4351cdcdf0200000009ff0a00c1c5996ad31d8746";

  @Test
  void typeOneListPayloadsLoadAsLists() {
    RedisValue v = RedisPayloads.load(hex(TYPE1));
    assertEquals(List.of("a", "b", "1", "12345678901"), elements(v));
    assertEquals(1, v.rdbType());
    assertEquals(
        TYPE1_REDIS_DUMP,
        HexFormat.of().formatHex(RedisPayloads.dump(((RedisValue.ListValue) v).list(), true)));
  }

  /** Item 4: bytes between the value and the footer are ignored by RESTORE (restoreCommand). */
  static final String LIST_TRAILING =
      "12010210100000000300816102816202816302ff550a0090a9269d3e4128cc";

  static final String STRING_TRAILING = "000568656c6c6f48490a00477c2ed49198a811";

  @Test
  void listAndStringPayloadsWithBytesAfterTheValueLoadAsRestoreLoadsThem() {
    assertEquals(List.of("a", "b", "c"), elements(RedisPayloads.load(hex(LIST_TRAILING))));
    RedisValue s = RedisPayloads.load(hex(STRING_TRAILING));
    assertEquals("hello", new String(((RedisValue.StringValue) s).bytes(), StandardCharsets.UTF_8));
  }

  /**
   * Item 4: RESTORE reads the value from a buffer over the whole payload, footer included: a string
   * whose length runs into the footer takes the footer's bytes. RESTORE of {@code 00 0f "hello" 0a
   * 00 crc} gives "hello", 0a 00 and the 8 CRC bytes; a length past the end is "Bad data format".
   */
  @Test
  void aValueMayEndInsideTheFooterAsInRestore() {
    byte[] p = RdbPayload.dump(0, hex("0f68656c6c6f"));
    byte[] got = ((RedisValue.StringValue) RedisPayloads.load(p)).bytes();
    byte[] expected = new byte[15];
    System.arraycopy(p, 2, expected, 0, 15);
    assertEquals(HexFormat.of().formatHex(expected), HexFormat.of().formatHex(got));
    assertThrows(
        CorruptEncodingException.class,
        () -> RedisPayloads.load(RdbPayload.dump(0, hex("1068656c6c6f"))));
    byte[] list = RdbPayload.dump(18, hex("010210100000000300816102816202816302ff"));
    assertEquals(List.of("a", "b", "c"), elements(RedisPayloads.load(list)));
  }

  /** Item 4: a second node past the declared count (types 18 and 10) is never read. */
  @Test
  void nodesPastTheCountAreIgnored() {
    String node = "0210100000000300816102816202816302ff";
    assertEquals(
        List.of("a", "b", "c"),
        elements(RedisPayloads.load(RdbPayload.dump(18, hex("01" + node + node)))));
    // an RDB string holding the ziplist [a, b]: zlbytes 17, zltail 13, zllen 2, two entries, end
    String zl = "11" + "11000000" + "0d000000" + "0200" + "000161" + "030162" + "ff";
    // type 10: one string (a ziplist), then a second one RESTORE never reads
    byte[] ten = RdbPayload.dump(10, hex(zl + zl));
    assertEquals(List.of("a", "b"), elements(RedisPayloads.load(ten)));
  }

  /**
   * Item 8: RESTORE answers "Bad data format" for a type byte that is no RDB object type of Redis
   * 7.0.15 (rdbIsObjectType: 0-7 and 9-19), and for type 6 (pre-release modules).
   */
  @Test
  void unknownTypeBytesAreRefusedAsRestoreRefusesThem() {
    for (int type : new int[] {99, 8, 20, 21, 6}) {
      byte[] p = RdbPayload.dump(type, hex("0176"));
      assertThrows(CorruptEncodingException.class, () -> RedisPayloads.load(p), "type " + type);
    }
    // a stream (type 19) whose node key is not 16 bytes: refused as Redis refuses it
    byte[] stream = RdbPayload.dump(19, hex("0101660176"));
    assertThrows(CorruptEncodingException.class, () -> RedisPayloads.load(stream));
  }

  /**
   * DUMP of {@code ZADD zl 1 a 2 b 3 c} on redis-server 7.0.15 (defaults): a type-17 listpack.
   * After {@code CONFIG SET zset-max-ziplist-entries 2}, Redis's RESTORE of it makes a skiplist
   * (ServerCommandsRedisIT.loadedValuesTakeTheLimitsInForce checks it on the server).
   */
  static final String ZSET_LISTPACK_OF_3 =
      "1116160000000600816102010181620202018163020301ff0a002e1b7cc500aa3596";

  @Test
  void loadedValuesTakeTheGivenLimits() {
    byte[] p = hex(ZSET_LISTPACK_OF_3);
    assertEquals(
        dev.redstruct.skiplist.ZSet.Encoding.COMPACT,
        ((RedisValue.ZSetValue) RedisPayloads.load(p)).zset().encoding());
    LoadLimits two = new LoadLimits(-2, 0, 512, 64, 512, 2, 64);
    assertEquals(
        dev.redstruct.skiplist.ZSet.Encoding.SKIPLIST,
        ((RedisValue.ZSetValue) RedisPayloads.load(p, two)).zset().encoding());
  }
}
