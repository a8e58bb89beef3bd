package dev.redstruct.hash;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.dict.Dict;
import dev.redstruct.listpack.ListPack;
import java.util.Arrays;

/**
 * Reading Redis 2.4's zipmap (RDB type 9), as Redis 7.0.15 loads it (src/zipmap.c:
 * zipmapValidateIntegrity with deep validation, then zipmapNext in rdb.c's rdbLoadObject).
 *
 * <pre>
 *   &lt;count: 1 byte, 254 = unknown&gt; { &lt;len&gt; field &lt;len&gt; &lt;free: 1 byte&gt; value &lt;free bytes&gt; } 0xFF
 *   len: 1 byte below 254, else 254 (any byte of 254 or more) and a 4-byte little-endian length
 * </pre>
 */
final class ZipMap {
  /*
   * Implementation notes. Validation and iteration read lengths differently, as Redis's do: the
   * validator sizes a length by its first byte (>= 254: five bytes), iteration by the decoded value
   * (ZIPMAP_LEN_BYTES: five bytes only for a value >= 254). A blob with a non-canonical big length
   * passes validation and then walks elsewhere; where that walk would leave the blob (undefined
   * behaviour in C) we refuse it.
   */
  private static final int BIGLEN = 254;
  private static final int END = 255;
  private static final String FORMAT = "zipmap";

  private ZipMap() {}

  /** Redis: zipmapValidateIntegrity(deep = 1). */
  static void validate(byte[] zm) {
    int size = zm.length;
    if (size < 2 || (zm[size - 1] & 0xFF) != END) {
      throw corrupt(zm, Math.max(0, size - 1), "no end marker");
    }
    long count = 0;
    long p = 1;
    while ((zm[(int) p] & 0xFF) != END) {
      for (int part = 0; part < 2; part++) {
        int s = (zm[(int) p] & 0xFF) < BIGLEN ? 1 : 5;
        if (outOfRange(p + s, size)) {
          throw corrupt(zm, (int) p, "length past the end");
        }
        long l = decodeLength(zm, (int) p);
        p += s;
        if (part == 0) {
          p += l;
        } else {
          long free = zm[(int) p] & 0xFF;
          p += 1 + l + free;
          count++;
        }
        if (outOfRange(p, size)) {
          throw corrupt(zm, (int) Math.min(p, size), "entry past the end");
        }
      }
    }
    if (count == 0) {
      throw corrupt(zm, 0, "empty zipmap");
    }
    int header = zm[0] & 0xFF;
    if (header != BIGLEN && header != count) {
      throw corrupt(zm, 0, "count " + header + " but " + count + " pairs");
    }
  }

  /** OUT_OF_RANGE: before zm + 2 or after the last byte. */
  private static boolean outOfRange(long p, int size) {
    return p < 2 || p > size - 1;
  }

  /** Redis: zipmapDecodeLength (the 4 bytes little-endian, unsigned). */
  private static long decodeLength(byte[] zm, int p) {
    int b = zm[p] & 0xFF;
    if (b < BIGLEN) {
      return b;
    }
    return (zm[p + 1] & 0xFFL)
        | (zm[p + 2] & 0xFFL) << 8
        | (zm[p + 3] & 0xFFL) << 16
        | (zm[p + 4] & 0xFFL) << 24;
  }

  /** The bytes a length takes by its first byte (zipmapGetEncodedLengthSize); 1 past the end. */
  private static int sizeOfLength(byte[] zm, int p) {
    return p < zm.length && (zm[p] & 0xFF) >= BIGLEN ? 5 : 1;
  }

  private static int lenBytes(long l) {
    return l < BIGLEN ? 1 : 5;
  }

  /**
   * A validated zipmap's pairs into {@code h} as rdbLoadObject converts them: appended to a
   * listpack (a field twice refused), then a hashtable when the pairs exceed the entry limit or the
   * longest field or value exceeds the value limit.
   */
  static void load(RedisHash h, byte[] zm, byte[] shown) {
    validate(zm);
    ListPack lp = ListPack.create();
    Dict<byte[], Boolean> seen = Dict.forBytes();
    long maxLen = 0;
    int p = 1;
    while (p < zm.length && (zm[p] & 0xFF) != END) {
      long klen = decodeLength(zm, checked(zm, p, sizeOfLength(zm, p), shown));
      int key = checked(zm, p, lenBytes(klen) + klen, shown) + lenBytes(klen);
      p = key + (int) klen;
      long vlen = decodeLength(zm, checked(zm, p, sizeOfLength(zm, p), shown));
      int value = checked(zm, p, lenBytes(vlen) + 1 + vlen, shown) + lenBytes(vlen) + 1;
      int free = zm[p + lenBytes(vlen)] & 0xFF;
      checked(zm, value, vlen + free, shown);
      p = value + (int) vlen + free;
      maxLen = Math.max(maxLen, Math.max(klen, vlen));
      byte[] field = Arrays.copyOfRange(zm, key, key + (int) klen);
      if (seen.put(field, Boolean.TRUE) != null) {
        throw corrupt(shown, key, "Hash zipmap with dup elements");
      }
      lp.append(field);
      lp.append(Arrays.copyOfRange(zm, value, value + (int) vlen));
    }
    h.adoptListpack(lp);
    if (h.size() > h.maxListpackEntries() || maxLen > h.maxListpackValue()) {
      h.convertToHashtable();
    }
  }

  /** p, after checking that n bytes from p stay inside (else the C walk leaves the blob). */
  private static int checked(byte[] zm, int p, long n, byte[] shown) {
    if (p < 0 || p + n > zm.length) {
      throw corrupt(shown, p, "zipmap walk leaves the blob (non-canonical length)");
    }
    return p;
  }

  private static CorruptEncodingException corrupt(byte[] shown, int offset, String reason) {
    return new CorruptEncodingException(FORMAT, offset, reason, shown);
  }
}
