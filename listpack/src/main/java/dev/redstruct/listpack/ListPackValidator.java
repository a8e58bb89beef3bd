package dev.redstruct.listpack;

import static dev.redstruct.listpack.ListPackFormat.EMPTY_SIZE;
import static dev.redstruct.listpack.ListPackFormat.EOF;
import static dev.redstruct.listpack.ListPackFormat.FORMAT;
import static dev.redstruct.listpack.ListPackFormat.HEADER_SIZE;
import static dev.redstruct.listpack.ListPackFormat.NUMELE_UNKNOWN;

import dev.redstruct.core.CorruptEncodingException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

/**
 * Checks untrusted bytes: the header check and the deep element walk of {@code
 * lpValidateIntegrity}, and the RDB layer's pair check for hashes and sorted sets ({@code
 * lpPairsValidateIntegrityAndDups}). Throws {@link CorruptEncodingException} only; reads nothing
 * outside the array.
 */
final class ListPackValidator {
  /* Implementation notes.
   * Mirrors lpValidateIntegrity and lpValidateNext (src/listpack.c) and
   * lpPairsValidateIntegrityAndDups with its _lpPairsEntryValidation callback (src/rdb.c), Redis
   * 7.0.15. Every bound Redis checks with pointers is checked here with long arithmetic, so an
   * inflated 32-bit string length cannot overflow. The order of the checks follows Redis's, so the
   * reason names the first check Redis would fail.
   */

  private ListPackValidator() {}

  /** What {@link #walk} reports per element to a pair check; null for a plain listpack. */
  private interface ElementCheck {
    boolean accept(byte[] b, int p);
  }

  /**
   * Checks the header only: size at least 7, total-bytes equal to the size, last byte EOF. Redis:
   * lpValidateIntegrity with deep = 0.
   */
  static void validateHeader(byte[] b) {
    if (b.length < EMPTY_SIZE) {
      throw corrupt(b, 0, "shorter than the 7-byte empty listpack (" + b.length + " bytes)");
    }
    long total = ListPackFormat.totalBytes(b);
    if (total != b.length) {
      throw corrupt(b, 0, "total-bytes " + total + " but the blob has " + b.length + " bytes");
    }
    if ((b[b.length - 1] & 0xFF) != EOF) {
      throw corrupt(b, b.length - 1, "last byte is not the 0xFF terminator");
    }
  }

  /**
   * Deep check, as lpValidateIntegrity with deep = 1.
   *
   * @return the number of elements
   */
  static int validate(byte[] b) {
    return count(walk(b, null));
  }

  private static int count(long walked) {
    return (int) (walked < 0 ? -1 - walked : walked);
  }

  /**
   * Deep check for a listpack being loaded: returns whether some element's backlen decodes from
   * bytes before the element (its first byte has bit 7 set; {@code ListPack.LOOSE}).
   */
  static boolean validateForLoad(byte[] b) {
    return walk(b, null) < 0;
  }

  /**
   * Deep check plus the RDB layer's checks for hash and zset listpacks: an even number of elements,
   * and no field (even element) twice, comparing their string forms.
   *
   * @return the number of elements
   */
  static int validatePairs(byte[] b) {
    Set<String> fields = new HashSet<>();
    int[] seen = {0};
    ElementCheck noDuplicateField =
        (buf, p) -> {
          if ((seen[0]++ & 1) != 0) {
            return true;
          }
          ListPackFormat.Element e = ListPackFormat.decode(buf, p, new ListPackFormat.Element());
          return fields.add(new String(e.toByteArray(buf), StandardCharsets.ISO_8859_1));
        };
    int count = count(walk(b, noDuplicateField));
    if ((count & 1) != 0) {
      throw corrupt(b, -1, "odd number of elements (" + count + ") in a pair listpack");
    }
    return count;
  }

  /** The element count, negated minus one when some backlen is detached (see validateForLoad). */
  private static long walk(byte[] b, ElementCheck check) {
    validateHeader(b);
    int size = b.length;
    int numele = ListPackFormat.numElements(b);
    int count = 0;
    int p = HEADER_SIZE;
    boolean loose = false;
    while ((b[p] & 0xFF) != EOF) {
      int next = validateNext(b, p);
      long encoded = ListPackFormat.encodedSize(b, p);
      loose |= (b[next - ListPackFormat.backlenSize(encoded)] & 0x80) != 0;
      if (check != null && !check.accept(b, p)) {
        throw corrupt(b, p, "duplicate field in a pair listpack");
      }
      count++;
      p = next;
    }
    if (p != size - 1) {
      throw corrupt(b, p, "EOF byte before the end of the blob");
    }
    if (numele != NUMELE_UNKNOWN && numele != count) {
      throw corrupt(b, 4, "num-elements " + numele + " but " + count + " elements");
    }
    return loose ? -1L - count : count;
  }

  /**
   * Checks the element at {@code p} and returns where the next one starts. Redis: lpValidateNext.
   */
  private static int validateNext(byte[] b, int p) {
    int last = b.length - 1;
    int headerBytes = ListPackFormat.headerBytes(b[p] & 0xFF);
    if (headerBytes == 0) {
      throw corrupt(b, p, "invalid encoding byte 0x" + Integer.toHexString(b[p] & 0xFF));
    }
    if ((long) p + headerBytes > last) {
      throw corrupt(b, p, "encoding header runs past the end");
    }
    long encoded = ListPackFormat.encodedSize(b, p);
    int backlenSize = ListPackFormat.backlenSize(encoded);
    long entry = encoded + backlenSize;
    if (p + entry > last) {
      throw corrupt(b, p, "element of " + entry + " bytes runs past the end");
    }
    int next = (int) (p + entry);
    long backlen = ListPackFormat.readBacklen(b, next - 1, 0);
    if (backlen != encoded) {
      throw corrupt(b, next - 1, "backlen " + backlen + " but the element has " + encoded);
    }
    return next;
  }

  static CorruptEncodingException corrupt(byte[] b, long offset, String reason) {
    return new CorruptEncodingException(FORMAT, offset, reason, b);
  }
}
