package dev.redstruct.core.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Crc64Test {

  /** Check value printed by crc64Test() in Redis 7.0.15 src/crc64.c. */
  @Test
  void checkValue() {
    assertEquals(0xe9c6d914c4b8d9caL, Crc64.of("123456789".getBytes(StandardCharsets.US_ASCII)));
  }

  /**
   * Second vector from crc64Test() in src/crc64.c: the "Lorem ipsum" text including its terminating
   * NUL (the C test passes {@code sizeof(li)}).
   */
  @Test
  void loremIpsumWithTerminatingNul() {
    String li =
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed "
            + "do eiusmod tempor incididunt ut labore et dolore magna "
            + "aliqua. Ut enim ad minim veniam, quis nostrud exercitation "
            + "ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis "
            + "aute irure dolor in reprehenderit in voluptate velit esse "
            + "cillum dolore eu fugiat nulla pariatur. Excepteur sint "
            + "occaecat cupidatat non proident, sunt in culpa qui officia "
            + "deserunt mollit anim id est laborum.\0";
    assertEquals(0xc7794709e69683b3L, Crc64.of(li.getBytes(StandardCharsets.US_ASCII)));
  }

  @Test
  void emptyInputAndChaining() {
    assertEquals(0L, Crc64.of(new byte[0]));
    byte[] all = "123456789".getBytes(StandardCharsets.US_ASCII);
    long first = Crc64.update(0, all, 0, 4);
    assertEquals(Crc64.of(all), Crc64.update(first, all, 4, 5));
  }
}
