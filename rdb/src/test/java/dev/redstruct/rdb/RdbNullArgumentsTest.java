package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.bitfield.Bitmap;
import dev.redstruct.hll.HyperLogLog;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.testkit.NullArguments;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Every public method of the module names its null parameter. */
class RdbNullArgumentsTest {
  @Test
  void staticApis() {
    int n = 0;
    for (Class<?> c : List.of(RedisPayloads.class, KeySlot.class)) {
      n +=
          NullArguments.of(c)
              .sample(HyperLogLog.class, HyperLogLog::create)
              .sample(Bitmap.class, Bitmap::create)
              .sample(QuickList.class, QuickList::create)
              .sample(SlotMap.Node.class, () -> new SlotMap.Node("127.0.0.1", 7000))
              .sample(List.class, List::of)
              .sample(LoadLimits.class, () -> LoadLimits.DEFAULTS)
              .skip("load(byte[])") // a null is named, but "a" is not a payload: checked below
              .run();
    }
    n +=
        NullArguments.of(PayloadWriter.class)
            .sample(HyperLogLog.class, HyperLogLog::create)
            .sample(Bitmap.class, Bitmap::create)
            .sample(QuickList.class, QuickList::create)
            .receiver(() -> PayloadWriter.create(true), w -> "unchanged")
            .run();
    n +=
        NullArguments.of(SlotMap.class)
            .sample(SlotMap.Node.class, () -> new SlotMap.Node("127.0.0.1", 7000))
            .sample(List.class, List::of)
            .receiver(() -> SlotMap.single(new SlotMap.Node("127.0.0.1", 7000)), SlotMap::toString)
            .run();
    assertTrue(n >= 8, "checked " + n);
  }

  @Test
  void loaderAndFiles() {
    int n =
        NullArguments.of(ClusterLoader.class)
            .sample(SlotMap.class, () -> SlotMap.single(new SlotMap.Node("127.0.0.1", 7000)))
            .sample(Function.class, () -> (Function<Object, Object>) x -> null)
            .sample(Iterable.class, List::of)
            .receiver(
                () ->
                    ClusterLoader.create(
                        SlotMap.single(new SlotMap.Node("127.0.0.1", 7000)), x -> null, 10),
                l -> "unchanged")
            .run();
    n +=
        NullArguments.of(RdbFileWriter.class)
            .sample(OutputStream.class, ByteArrayOutputStream::new)
            .receiver(
                () -> RdbFileWriter.create(new ByteArrayOutputStream(), true), w -> "unchanged")
            .run();
    n +=
        NullArguments.of(RdbFileReader.class)
            .sample(InputStream.class, InputStream::nullInputStream)
            .sample(LoadLimits.class, () -> LoadLimits.DEFAULTS)
            .run();
    assertTrue(n >= 5, "checked " + n);
  }
}
